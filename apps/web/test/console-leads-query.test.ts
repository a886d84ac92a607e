/**
 * The console's lead filters travel in the address and reach the API as a query string: what the form
 * puts there is what the server's schema (LeadFiltersSchema) reads back, and empty fields are no filter.
 */
import { BRAND_IDS, DELIVERY_STATUSES, LANGUAGES, LeadFiltersSchema, US_STATE_CODES } from '@app/funnel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterValuesOf, leadsQuery, type FilterValues } from '../src/console/leads/lead-filters';
import { byUrgency } from '../src/console/privacy/privacy-order';

const optional = <T extends string>(arb: fc.Arbitrary<T>) => fc.oneof(fc.constant(''), arb);
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const filterValues: fc.Arbitrary<FilterValues> = fc.record({
  from: optional(day),
  to: optional(day),
  variant: optional(fc.constantFrom('extended', 'v4nv', 'ticket')),
  brand: optional(fc.constantFrom(...BRAND_IDS)),
  language: optional(fc.constantFrom(...LANGUAGES)),
  qualified: optional(fc.constantFrom('yes', 'no')),
  dq_reason: optional(fc.constantFrom('with_Lawyer|yes', 'name_gibberish|yes', 'a & b = c?')),
  state: optional(fc.constantFrom(...US_STATE_CODES)),
  buyer: optional(fc.constantFrom('lone-star-injury-lawyers', 'firm-a')),
  delivery_status: optional(fc.constantFrom(...DELIVERY_STATUSES)),
  q: optional(fc.constantFrom('ana+1@example.com', '(512) 555-0100', '512.555.0100')),
});

describe("the console's lead filters", () => {
  it("reach the API as the server's schema reads them, empty fields left out", () => {
    fc.assert(
      fc.property(filterValues, (values) => {
        const query = new URLSearchParams(leadsQuery(values));
        const parsed = LeadFiltersSchema.parse(Object.fromEntries(query));
        for (const [field, value] of Object.entries(values)) {
          expect(query.has(field)).toBe(value !== '');
        }
        const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
        expect(parsed).toEqual(set);
        // The address read back gives the same form.
        expect(filterValuesOf(query)).toEqual(values);
      }),
    );
  });

  it.each([
    [{}, ''],
    [{ before: '120' }, '?before=120'],
    [{ before: '120', limit: '2' }, '?before=120&limit=2'],
  ])('adds the page %j', (page, expected) => {
    expect(leadsQuery(filterValuesOf(new URLSearchParams()), page)).toBe(expected);
  });
});

describe('the privacy requests order (overdue first)', () => {
  it('puts open overdue requests first, then open by due day, then decided ones newest first', () => {
    const requests = [
      { id: 'done-old', status: 'completed', overdue: false, dueAt: '2026-01-01', statusChangedAt: '2026-02-01' },
      { id: 'open-late', status: 'open', overdue: false, dueAt: '2026-12-30', statusChangedAt: '' },
      { id: 'overdue', status: 'open', overdue: true, dueAt: '2026-11-01', statusChangedAt: '' },
      { id: 'done-new', status: 'denied', overdue: false, dueAt: '2026-01-01', statusChangedAt: '2026-03-01' },
      { id: 'open-soon', status: 'open', overdue: false, dueAt: '2026-12-01', statusChangedAt: '' },
    ] as const;
    expect([...requests].sort(byUrgency).map((r) => r.id)).toEqual([
      'overdue',
      'open-soon',
      'open-late',
      'done-new',
      'done-old',
    ]);
  });
});
