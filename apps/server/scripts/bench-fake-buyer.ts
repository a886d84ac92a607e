/**
 * The fake buyer of `npm run bench:delivery`, in a process of its own so it does not share the worker's
 * CPU: the development fake buyer (src/delivery/fake-buyer.ts) on node:http, keep-alive, on a free port
 * of 127.0.0.1, which it prints. Stops when its parent closes stdin.
 */
import { createServer } from 'node:http';
import { createFakeBuyer } from '../src/delivery/fake-buyer';

const buyer = createFakeBuyer();
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: unknown = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = {};
    }
    const key = req.headers['idempotency-key'];
    const answer = buyer.answer(req.url ?? '/', { idempotencyKey: typeof key === 'string' ? key : undefined, body });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address !== null && typeof address !== 'string') process.stdout.write(`${address.port}\n`);
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
