/**
 * The lead as its flow posts it (§7, issue 27): the stored lead without the fields the flow's ending leaves
 * out (the ticket flow's lead has no accident_within_last_year, state_long or accident_limit_exceeded).
 * What is stored for the lead-ingest service is what it receives.
 */
import { flowById } from '../flows/flow-registry';
import type { Lead } from './lead-record';

export function leadAsPosted<T extends Pick<Lead, 'variant'>>(lead: T): Partial<T> {
  const omitted = flowById(lead.variant)?.ending.omitsFields ?? [];
  if (omitted.length === 0) return lead;
  const posted: Partial<T> = Object.assign({}, lead);
  for (const field of omitted) Reflect.deleteProperty(posted, field);
  return posted;
}
