/**
 * docs/ping-post-buyers.md stays true (issue 32): every `json` example in it is a buyer the buyers file
 * accepts, there is one for each ping kind, and together they form a valid buyers file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BuyerConfigSchema, BuyersFileSchema, PingTargetSchema } from '../src';

const doc = readFileSync(new URL('../../../docs/ping-post-buyers.md', import.meta.url), 'utf8');
const examples = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match): unknown => JSON.parse(match[1] ?? ''));

describe('docs/ping-post-buyers.md', () => {
  it.each(examples.map((example, index) => [index + 1, example]))('example %i is a valid buyer', (_n, example) => {
    const parsed = BuyerConfigSchema.safeParse(example);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('shows one ping-post buyer of every kind, and they form a valid buyers file', () => {
    const buyers = BuyersFileSchema.parse(examples);
    const kinds = PingTargetSchema.options.map((option) => option.shape.kind.value);
    expect(buyers.map((buyer) => buyer.ping?.kind).sort()).toEqual([...kinds].sort());
  });
});
