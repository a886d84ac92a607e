/**
 * A routing decision in words for the console's lead page (issue 29: the decisions were shown as a raw JSON
 * string). One home for these words; the codes themselves (BuyerDecision, BuyerRefusal) stay the stored form.
 */
import { z } from 'zod';

/** One buyer's decision as stored with the routing row (routing-rule.ts BuyerDecision), read leniently. */
export const RoutingDecisionSchema = z.object({
  buyer: z.string(),
  result: z.string(),
  reason: z.string().optional(),
});
export type RoutingDecision = z.infer<typeof RoutingDecisionSchema>;

const RESULTS: Record<string, string> = {
  chosen: 'sent to this buyer',
  refused: 'not eligible',
  not_needed: 'eligible, not needed (another buyer took the lead)',
};

const CRITERIA: Record<string, string> = {
  injured: 'the buyer takes only injured people',
  notAtFault: 'the buyer takes only people not at fault',
  noLawyer: 'the buyer takes only people without a lawyer',
  treated: 'the buyer takes only people who saw a doctor',
  maxAccidentAgeDays: 'the accident is older than the buyer takes',
  languages: 'the buyer does not take this language',
  variants: 'the buyer does not take this funnel variant',
};

const REASONS: Record<string, string> = {
  inactive: 'the buyer is paused',
  state: 'the buyer does not serve this state',
  not_consented: 'the visitor did not consent to this buyer',
  cap_reached: 'the buyer’s daily or monthly cap is reached',
  duplicate: 'the buyer received this phone or email recently',
};

/** The decision's result in words; an unknown code is shown as it is. */
export function routingResultText(result: string): string {
  return RESULTS[result] ?? result;
}

/** The refusal's reason in words ('' when there is none); an unknown code is shown as it is. */
export function routingReasonText(reason: string | undefined): string {
  if (reason === undefined || reason === '') return '';
  const known = REASONS[reason];
  if (known !== undefined) return known;
  const field = /^criteria:fields:(.+)$/.exec(reason)?.[1];
  if (field !== undefined) return `the lead’s ${field} is not one the buyer takes`;
  const criterion = /^criteria:(.+)$/.exec(reason)?.[1];
  return (criterion !== undefined ? CRITERIA[criterion] : undefined) ?? reason;
}

/** The stored decisions (the routing row's `buyers`), or null when they are not a list of decisions. */
export function readRoutingDecisions(value: unknown): RoutingDecision[] | null {
  const parsed = z.array(RoutingDecisionSchema).safeParse(value);
  return parsed.success ? parsed.data : null;
}
