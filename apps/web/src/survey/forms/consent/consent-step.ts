/**
 * What a consent step adds once its input has passed the §5 checks (issue 13; ask the flow: the step's
 * `consent`). 'find-buyers' (ZipCode) runs the consent routine, whose outcome is the 1_to_1_consent answer
 * (§4: it picks PhoneAndBuyersConsent or PhoneAbbreviatedTCPA); 'choose-buyers' keeps which of the
 * buyers shown the visitor left selected, and how often each consent modal was shown.
 */
import type { FunnelRoute, StepDefinition, StepInput, SurveyAnswers, Tracking, ZipPlace } from '@app/funnel';
import type { ConsentState } from '../../consent-state';
import { findConsentBuyers } from './find-consent-buyers';

/** The consent step's extra inputs (buyers-consent-screen.tsx writes them). */
export const CONSENT_INPUT = {
  selected: 'consent_selected',
  firstShown: 'consent_modal_first',
  secondShown: 'consent_modal_second',
} as const;

export interface ConsentStepResult {
  answers: Partial<SurveyAnswers>;
  /** The session's new consent state, or undefined to leave it as it is. */
  consent?: ConsentState;
}

function count(value: string | undefined): number {
  const n = Number(value ?? '0');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export async function consentStep(
  step: StepDefinition,
  input: StepInput,
  context: {
    route: FunnelRoute;
    answers: SurveyAnswers;
    place: ZipPlace | null;
    tracking: Tracking;
    consent: ConsentState | undefined;
  },
): Promise<ConsentStepResult> {
  if (step.consent === 'find-buyers') {
    const found = await findConsentBuyers({
      source: context.route.buyers,
      answers: context.answers,
      place: context.place,
      tracking: context.tracking,
    });
    return { answers: { '1_to_1_consent': found.answer }, consent: found.consent };
  }
  if (step.consent === 'choose-buyers' && context.consent) {
    const shown = new Set((context.consent.buyers?.displayed ?? []).map((b) => b.ids.join('_')));
    const selected = (input[CONSENT_INPUT.selected] ?? '').split(',').filter((key) => key !== '' && shown.has(key));
    return {
      answers: {},
      consent: {
        ...context.consent,
        choice: {
          selected,
          modals: { first: count(input[CONSENT_INPUT.firstShown]), second: count(input[CONSENT_INPUT.secondShown]) },
        },
      },
    };
  }
  return { answers: {} };
}
