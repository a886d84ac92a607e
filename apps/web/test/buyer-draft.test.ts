/** The buyer form's draft (issue 29): a buyer comes back from the form as it went in; problems keyed by field. */
import { readFileSync } from 'node:fs';
import { BuyerConfigSchema, BuyersFileSchema } from '@app/funnel';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf } from '../src/console/deliveries/buyer-draft';

const http = BuyerConfigSchema.parse({
  key: 'firm-a',
  name: 'Firm A',
  ids: ['8674', '40747'],
  price: 45.5,
  priority: 2,
  states: ['TX', 'CA'],
  criteria: { injured: true, noLawyer: true, maxAccidentAgeDays: 365, languages: ['es'], variants: ['v7'] },
  caps: { daily: 10 },
  dedupe: 'idempotency-key',
  duplicateWindowDays: 30,
  target: {
    kind: 'http',
    url: 'https://firm.example/leads',
    format: 'form',
    headers: { Authorization: { env: 'BUYER_SECRET_FIRM_A' }, 'X-Source': 'funnel' },
    answer: { kind: 'json-field', field: 'result.status', accepted: ['OK'], rejected: ['NO'] },
    timeoutMs: 8000,
    fields: { phone: 'phone', source: { value: 'MVA' } },
  },
});
const prosper = BuyerConfigSchema.parse({
  key: 'lp',
  name: 'LP',
  ids: [1],
  price: 20,
  criteria: { fields: [{ field: 'state', in: ['TX'] }] },
  target: { kind: 'leadprosper', campaignId: '12', supplierId: '34', key: { env: 'BUYER_SECRET_LP' }, testMode: true },
});

const sample = BuyersFileSchema.parse(
  JSON.parse(readFileSync(new URL('../../server/config/sample-buyers.json', import.meta.url), 'utf8')),
);

describe('the buyer draft', () => {
  it.each(sample.map((buyer) => [buyer.key, buyer] as const))(
    'gives back the sample buyer %s unchanged',
    (_key, buyer) => {
      const checked = checkDraft(draftOf(buyer), buyer.key);
      expect(checked.ok ? BuyerConfigSchema.parse(checked.body) : checked.problems).toEqual(buyer);
    },
  );

  it.each([http, prosper])('gives back the buyer it was made from ($key)', (buyer) => {
    const checked = checkDraft(draftOf(buyer), buyer.key);
    expect(checked.ok && BuyerConfigSchema.parse(checked.body)).toEqual(buyer);
  });

  it.each([
    { change: { price: '-3' }, field: 'price' },
    { change: { price: 'ten' }, field: 'price' },
    { change: { price: '' }, field: 'price' },
    { change: { ids: '' }, field: 'ids' },
    { change: { states: 'TX, ZZ' }, field: 'states.1' },
    { change: { capDaily: '1.5' }, field: 'caps.daily' },
    { change: { timeoutMs: '50' }, field: 'target.timeoutMs' },
    { change: { url: 'ftp://x' }, field: 'target.url' },
    { change: { timeZone: 'Mars/Base' }, field: 'timeZone' },
    { change: { advanced: '{"targetFields": {"x": "no_such_field"}}' }, field: 'target.fields.x' },
    { change: { advanced: '{not json' }, field: 'advanced' },
    {
      change: { headers: [{ name: 'Authorization', kind: 'env' as const, value: 'DATABASE_URL' }] },
      field: 'target.headers.Authorization.env',
    },
  ])('keys a wrong $field by its path', ({ change, field }) => {
    const checked = checkDraft({ ...draftOf(http), ...change }, 'firm-a');
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.problems.map((p) => p.field)).toContain(field);
  });
});
