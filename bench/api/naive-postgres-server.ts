/**
 * bench:api's PostgreSQL floor: Fastify + a pg pool of 10, one autocommit insert per lead, minimal checks
 * (an id, an email and a phone). DATABASE_URL (with its search_path) and PORT from the environment.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { z } from 'zod';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query('create table if not exists leads (id text primary key, email text, phone text, body jsonb)');
const Minimal = z.object({ lead_id: z.string().min(1), email: z.string().min(3), phone: z.string().min(10) });

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.post('/*', async (request, reply) => {
  const lead = Minimal.safeParse(request.body);
  if (!lead.success) return reply.code(400).send({ error: 'bad_request' });
  const result = await pool.query(
    'insert into leads (id, email, phone, body) values ($1, $2, $3, $4) on conflict do nothing',
    [lead.data.lead_id, lead.data.email, lead.data.phone, JSON.stringify(request.body)],
  );
  return reply.code(result.rowCount === 1 ? 201 : 200).send({ id: lead.data.lead_id });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
