/**
 * Issue 32 "Ping": "a late, malformed or error answer is a decline with its reason recorded". A buyer whose
 * connection does not even open within its deadline (a TLS handshake never answered) declines as `timeout`,
 * like one that answers late: the deadline is the buyer's, whether the ping was read or not.
 */
import { BuyerConfigSchema, pingLead, type BuyerConfigInput } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingBuyers } from '../../src/auction/ping-buyers';
import { leadBody } from '../lead-body';
import { scenarioBuyer } from '../delivery/delivery-helpers';
import { startSilentTcpServer, type SilentTcpServer } from '../providers/silent-tcp-server';

let silent: SilentTcpServer;
beforeAll(async () => {
  silent = await startSilentTcpServer();
});
afterAll(() => silent.close());

describe('a ping whose connection never opens within the deadline', () => {
  it('is a timeout decline, its message saying nothing was sent', async () => {
    const input: BuyerConfigInput = {
      ...scenarioBuyer('handshake-never', `https://127.0.0.1:${silent.port}/post`),
      ping: { kind: 'json', url: `https://127.0.0.1:${silent.port}/ping`, deadlineMs: 200 },
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
