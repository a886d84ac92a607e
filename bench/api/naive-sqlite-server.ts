/**
 * bench:api's SQLite floor: Fastify + better-sqlite3 (WAL, synchronous=FULL, as the project), one
 * autocommit insert per lead, minimal checks (an id, an email and a phone): what a simple durable
 * intake costs on this disk. DATA_DIR and PORT from the environment.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { z } from 'zod';

mkdirSync(process.env.DATA_DIR ?? '.', { recursive: true });
const sqlite = new SqliteDatabase(path.join(process.env.DATA_DIR ?? '.', 'naive.sqlite'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = FULL');
sqlite.exec('create table if not exists leads (id text primary key, email text, phone text, body text)');
const insert = sqlite.prepare('insert into leads (id, email, phone, body) values (?, ?, ?, ?) on conflict do nothing');
const Minimal = z.object({ lead_id: z.string().min(1), email: z.string().min(3), phone: z.string().min(10) });

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.post('/*', (request, reply) => {
  const lead = Minimal.safeParse(request.body);
  if (!lead.success) return reply.code(400).send({ error: 'bad_request' });
  const result = insert.run(lead.data.lead_id, lead.data.email, lead.data.phone, JSON.stringify(request.body));
  return reply.code(result.changes === 1 ? 201 : 200).send({ id: lead.data.lead_id });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
