// Issue 30's proof (scripts/proof-fleet.sh): a stand-in law-firm buyer for a production install, where the
// development fake buyer route is off and no TypeScript tooling is installed. Answers every POST like a Lead
// Prosper direct post, {"status":"ACCEPTED","lead_id":…} (the answer the proof's buyers file reads), once per
// Idempotency-Key, and prints one line per lead it bought. `node scripts/proof-buyer.mjs PORT`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 3429);
/** @type {Map<string, string>} */
const answered = new Map();

createServer((req, res) => {
  /** @type {Buffer[]} */
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const key = String(req.headers['idempotency-key'] ?? randomUUID());
    let answer = answered.get(key);
    if (answer === undefined) {
      /** @type {Record<string, unknown>} */
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = {};
      }
      answer = JSON.stringify({ status: 'ACCEPTED', code: 0, message: '', lead_id: randomUUID() });
      answered.set(key, answer);
      console.log(`bought ${req.method} ${req.url} idempotency-key ${key} lead ${String(body.lead_id ?? '?')}`);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
}).listen(port, '127.0.0.1', () => console.log(`proof buyer on http://127.0.0.1:${port}`));
