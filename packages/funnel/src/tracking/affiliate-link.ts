/**
 * VW3's lawyer redirect (spec §4 "End of survey"): after posting, unless affid is 20 or 23, a visitor
 * who has (or wants a new) lawyer gets the affiliate tracking link with sub1 = affid_subid and
 * sub2 = the reason. The link's base URL is the operator's (configuration), not in the spec.
 */
const LAWYER_REASONS = new Set(['have_attorney|yes', 'have_attorney|yes_but_I_want_a_new_lawyer']);
const EXEMPT_AFFIDS = new Set(['20', '23']);

export function lawyerRedirectLink(
  base: string,
  lead: { affid: string; sub_id: string; lawyer_redirect_reason: string },
): string | null {
  if (EXEMPT_AFFIDS.has(lead.affid) || !LAWYER_REASONS.has(lead.lawyer_redirect_reason)) return null;
  const url = new URL(base);
  url.searchParams.set('sub1', `${lead.affid}_${lead.sub_id}`);
  url.searchParams.set('sub2', lead.lawyer_redirect_reason);
  return url.toString();
}
