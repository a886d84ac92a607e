/**
 * What the thank-you page promises (spec §2 "The thank-you page shows an accident that may be worth mid to
 * high value, four next steps … and a free claim review button", §7 thank-you query, §9 meter labels;
 * issue 28): the page's headline and whether it shows the compensation meter, read from its query, so a
 * visitor is told what is true for them. The page renders the kind it is given, in its language.
 *
 * - The ticket page speaks of the traffic ticket.
 * - A visitor who refused every firm (§4 second modal, dq_reason `1_to_1_dq|yes`) is told no firm will call.
 * - Without `q` the page cannot know the verdict: it says the answers are in, nothing more.
 * - `q=n`: not qualified. `q=y` on the DUI flow (`case=dui`): a review, no accident value claim.
 * - `q=y` with the meter shown: the meter's §9 band; while its estimate is on its way, no value claim.
 * - `q=y` without the meter: §2's "may be worth mid to high value".
 */
import { DUI_CASE } from '../routes/route-registry';
import { parseCompLevel, type CompLevel } from './compensation-meter';
import { NO_FIRM_CHOSEN_VERDICT } from './consent-buyers';
import { SettlementEstimateQuerySchema, type SettlementEstimateQuery } from './settlement-estimate';

export type ThankYouMeter =
  /** No meter: not asked for (§7 show-meter=yes), not a qualified accident, or no estimate of the visitor's. */
  | { kind: 'none' }
  /** §7 `cl`: the band at once. */
  | { kind: 'level'; level: CompLevel }
  /** No `cl`, but the query carries answers: the settlement estimate is asked for with them. */
  | { kind: 'estimate'; answers: SettlementEstimateQuery };

export type ThankYouHeadline =
  | { kind: 'ticket' }
  | { kind: 'no-firm-chosen' }
  | { kind: 'received' }
  | { kind: 'not-qualified' }
  /** Qualified, no value claim (a DUI case, or the meter's estimate still on its way). */
  | { kind: 'review' }
  /** Qualified, the meter shown: its band. */
  | { kind: 'band'; level: CompLevel }
  /** Qualified, no meter: §2's "may be worth mid to high value". */
  | { kind: 'qualified' };

/** The headlines that promise an attorney's (or for a ticket, a traffic attorney's) call. */
export const CALL_PROMISED: ReadonlySet<ThankYouHeadline['kind']> = new Set(['ticket', 'review', 'band', 'qualified']);

function qualifiedAccident(query: URLSearchParams): boolean {
  return (
    query.get('q') === 'y' &&
    query.get('dq_reason') !== NO_FIRM_CHOSEN_VERDICT.dq_reason &&
    query.get(DUI_CASE.param) !== DUI_CASE.value
  );
}

/**
 * §7: the meter only with show-meter=yes, and (issue 28) only for a qualified accident visitor, with an
 * estimate that is theirs: a valid `cl`, or answers in the query to estimate from. A `cl` that is not a
 * compLevel, or no answers at all, shows no meter rather than §3's starting 5000 as if it were theirs.
 */
export function thankYouMeter(query: URLSearchParams, ticket: boolean): ThankYouMeter {
  if (ticket || query.get('show-meter') !== 'yes' || !qualifiedAccident(query)) return { kind: 'none' };
  const cl = query.get('cl');
  if (cl !== null) {
    const level = parseCompLevel(cl);
    return level === null ? { kind: 'none' } : { kind: 'level', level };
  }
  const fields: Record<string, string> = {};
  query.forEach((value, key) => {
    fields[key] = value;
  });
  const answers = SettlementEstimateQuerySchema.safeParse(fields);
  return answers.success && Object.keys(answers.data).length > 0
    ? { kind: 'estimate', answers: answers.data }
    : { kind: 'none' };
}

/**
 * The headline for the query. `estimate`: when the meter asked for the settlement estimate, the level it
 * gave (null while it is on its way), or `failed` (the meter is then hidden, and §2's text is back).
 */
export function thankYouHeadline(
  query: URLSearchParams,
  ticket: boolean,
  estimate: { level: CompLevel | null; failed: boolean } = { level: null, failed: false },
): ThankYouHeadline {
  if (ticket) return { kind: 'ticket' };
  if (query.get('dq_reason') === NO_FIRM_CHOSEN_VERDICT.dq_reason) return { kind: 'no-firm-chosen' };
  const q = query.get('q');
  if (q === 'n') return { kind: 'not-qualified' };
  if (q !== 'y') return { kind: 'received' };
  if (!qualifiedAccident(query)) return { kind: 'review' };
  const meter = thankYouMeter(query, ticket);
  if (meter.kind === 'level') return { kind: 'band', level: meter.level };
  if (meter.kind === 'estimate' && !estimate.failed) {
    return estimate.level === null ? { kind: 'review' } : { kind: 'band', level: estimate.level };
  }
  return { kind: 'qualified' };
}
