/**
 * A delivery job's status (issue 14): queued → sending → accepted | duplicate | rejected, or → retrying →
 * sending …, or → dead once the retry window is over; skipped when the lead may no longer be sent
 * (suppressed since). The server stores it; the console filters and counts by it.
 * Issue 31: outcome_unknown when an attempt may have reached a buyer that does not dedupe (a time-out or a
 * reset after sending, a crash between send and record): not sent again until an operator resolves it.
 */
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'retrying',
  'accepted',
  'duplicate',
  'rejected',
  'dead',
  'skipped',
  'outcome_unknown',
] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
