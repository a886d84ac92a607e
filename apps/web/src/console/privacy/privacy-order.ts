import type { PrivacyRequest } from '@app/funnel';

type Ordered = Pick<PrivacyRequest, 'status' | 'overdue' | 'dueAt' | 'statusChangedAt'>;

const rank = (request: Ordered) => (request.status !== 'open' ? 2 : request.overdue ? 0 : 1);

/** The privacy screen's order: open and overdue first, then open by due date; decided ones last, newest first. */
export function byUrgency(a: Ordered, b: Ordered): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  return rank(a) === 2 ? b.statusChangedAt.localeCompare(a.statusChangedAt) : a.dueAt.localeCompare(b.dueAt);
}
