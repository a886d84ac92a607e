/**
 * A delivery job's status (issue 14): queued → sending → accepted | duplicate | rejected, or → retrying →
 * sending …, or → dead once the retry window is over; skipped when the lead may no longer be sent
 * (suppressed since). The server stores it; the console filters and counts by it.
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
] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
