/**
 * A server closing while a request is in flight on a keep-alive connection answers it with
 * `Connection: close`, so the close ends once it is answered (health/drain.ts). Before, `server.close()`
 * closed only the connections idle at that moment: one answered later stayed open, kept alive by its client
 * (the server's own auctions pinging its fake buyers, npm start's sample), and the close waited on it.
 */
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './start-test-server';

describe('closing with a request in flight on a keep-alive connection', () => {
  it('answers it, closes that connection, and the close completes', async () => {
    const server = await startTestServer({ env: { DELIVERY_WORKER: 'off' } });
    const agent = new Agent({ keepAlive: true });
    try {
      // A fake ping buyer that takes 800 ms to answer (delivery/fake-ping-buyer.ts).
      const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = request(
          `${server.url}/dev/fake-buyer/json-ping/slow-firm?latency=800-800&decline=0`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ state: 'TX', physical_injury: 'Yes' }));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closed = server.close();
      expect(await answered).toEqual({ status: 200, connection: 'close' });
      await closed;
    } finally {
      agent.destroy();
    }
  });
});
