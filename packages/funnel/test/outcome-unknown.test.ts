/**
 * Issue 31: "A post whose outcome is unknown (timeout after the request was sent, a reset, a crash between
 * send and record) is not a failure to retry blindly" — which failures may have reached the buyer, and for
 * which buyers a second post may be a second sale.
 */
import { describe, expect, it } from 'vitest';
import {
  BuyerConfigSchema,
  mayHaveReachedBuyer,
  NOT_SENT_NETWORK_CODES,
  resendMaySellTwice,
  type DeliveryFailure,
} from '../src';

describe('mayHaveReachedBuyer', () => {
  it.each<[DeliveryFailure, string | undefined, boolean]>([
    ['timeout', undefined, true],
    ['bad-answer', undefined, true],
    ['network', 'ECONNRESET', true],
    ['network', 'UND_ERR_SOCKET', true],
    ['network', 'EPIPE', true],
    ['network', undefined, true],
    ['network', 'ECONNREFUSED', false],
    ['network', 'ENOTFOUND', false],
    ['network', 'NOT_SENT_BEFORE_DEADLINE', false],
    ['http-status', undefined, false],
    ['config', undefined, false],
  ])('%s %s → %s', (failure, code, expected) => {
    expect(mayHaveReachedBuyer(failure, code)).toBe(expected);
  });

  it('never calls a failure that sent nothing unknown', () => {
    for (const code of NOT_SENT_NETWORK_CODES) expect(mayHaveReachedBuyer('network', code)).toBe(false);
  });
});

describe('a buyer’s dedupe setting', () => {
  const buyer = {
    key: 'firm',
    name: 'Firm',
    ids: ['1'],
    price: 10,
    target: { kind: 'http', url: 'https://buyer.example/leads' },
  };

  it('defaults to none: a second post may be a second sale', () => {
    const parsed = BuyerConfigSchema.parse(buyer);
    expect(parsed.dedupe).toBe('none');
    expect(resendMaySellTwice(parsed.dedupe)).toBe(true);
  });

  it.each(['idempotency-key', 'lead'] as const)('%s: a re-send is harmless', (dedupe) => {
    expect(resendMaySellTwice(BuyerConfigSchema.parse({ ...buyer, dedupe }).dedupe)).toBe(false);
  });

  it('refuses a mode it does not know, naming the field', () => {
    const result = BuyerConfigSchema.safeParse({ ...buyer, dedupe: 'sometimes' });
    expect(result.error?.issues[0]?.path).toEqual(['dedupe']);
  });
});
