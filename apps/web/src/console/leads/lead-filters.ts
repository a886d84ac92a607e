/**
 * The lead list's filters as the address's query string (so a filtered list can be reloaded, shared and
 * exported), in the shape of the API's LeadFiltersSchema input.
 */
import type { LeadFiltersSchema } from '@app/funnel';
import type { z } from 'zod';
import { queryString } from '../api/console-client';

export type LeadFiltersInput = z.input<typeof LeadFiltersSchema>;

/** The filter fields, in the form's order; `before` (the page) is not a filter. */
export const FILTER_FIELDS = [
  'from',
  'to',
  'variant',
  'brand',
  'language',
  'qualified',
  'dq_reason',
  'state',
  'buyer',
  'delivery_status',
  'q',
] as const;

export type FilterField = (typeof FILTER_FIELDS)[number];

export type FilterValues = Record<FilterField, string>;

export function filterValuesOf(search: URLSearchParams): FilterValues {
  const value = (field: FilterField) => search.get(field)?.trim() ?? '';
  return {
    from: value('from'),
    to: value('to'),
    variant: value('variant'),
    brand: value('brand'),
    language: value('language'),
    qualified: value('qualified'),
    dq_reason: value('dq_reason'),
    state: value('state'),
    buyer: value('buyer'),
    delivery_status: value('delivery_status'),
    q: value('q'),
  };
}

/** The API's query of the filters and the page (`before`, and `limit` when the address sets one). */
export function leadsQuery(values: FilterValues, page: { before?: string; limit?: string } = {}): string {
  const input: Record<keyof LeadFiltersInput, string | undefined> = {
    ...values,
    before: page.before || undefined,
    limit: page.limit || undefined,
  };
  return queryString(input);
}
