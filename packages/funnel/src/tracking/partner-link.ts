/**
 * §4 "End of survey": a disqualified visitor gets a new tab to a partner or tracking link "whose URL comes
 * from a helper (not shown) carrying tracking parameters". The base is the operator's; the parameters are
 * the lead's tracking, under the names the landing URL used (§3 "Tracking parameters read from the URL"),
 * and the disqualification's reason. Values already in the base are kept.
 */
import { TRANSACTION_ID_PARAM } from './read-tracking';
import type { Tracking } from './tracking-fields';

export function partnerLink(
  base: string,
  tracking: Pick<
    Tracking,
    'affid' | 'oid' | 'sub_id' | 'sub_id2' | 'sub_id3' | 'sub_id4' | 'click_id' | 'ef_transaction_id'
  >,
  dqReason: string,
): string {
  const url = new URL(base);
  const params: [string, string][] = [
    ['affid', tracking.affid],
    ['oid', tracking.oid],
    ['sub1', tracking.sub_id],
    ['sub2', tracking.sub_id2],
    ['sub3', tracking.sub_id3],
    ['sub4', tracking.sub_id4],
    ['sub5', tracking.click_id],
    [TRANSACTION_ID_PARAM, tracking.ef_transaction_id],
    ['dq_reason', dqReason],
  ];
  for (const [key, value] of params) if (value !== '' && !url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}
