/**
 * Issue 32 "Ping": "a late, malformed or error answer is a decline with its reason recorded". A buyer whose
 * connection does not even open within its deadline (a TLS handshake never answered) declines as `timeout`,
 * like one that answers late: the deadline is the buyer's, whether the ping was read or not.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { BuyerConfigSchema, pingLead, type BuyerConfigInput } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingBuyers } from '../../src/auction/ping-buyers';
import { leadBody } from '../lead-body';
import { scenarioBuyer } from '../delivery/delivery-helpers';

let silent: Server;
let port = 0;
const sockets: Socket[] = [];
beforeAll(async () => {
  // Accepts connections, then neither reads nor writes.
  silent = createServer((socket) => {
    socket.pause();
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a ping whose connection never opens within the deadline', () => {
  it('is a timeout decline, its message saying nothing was sent', async () => {
    const input: BuyerConfigInput = {
      ...scenarioBuyer('handshake-never', `https://127.0.0.1:${port}/post`),
      ping: { kind: 'json', url: `https://127.0.0.1:${port}/ping`, deadlineMs: 200 },
    };
    const buyer = BuyerConfigSchema.parse(input);
    const [result] = await pingBuyers({ secret: () => undefined, selfUrl: undefined, now: () => new Date() }, [buyer], {
      lead: pingLead(leadBody()),
      auctionId: 'lead-1:1',
    });
    expect(result?.verdict).toEqual({ kind: 'declined', reason: 'timeout', message: 'NOT_SENT_BEFORE_DEADLINE' });
    expect(result?.httpStatus).toBeNull();
  });
});
