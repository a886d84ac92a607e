/** What a visitor sees when a flow ends on the page: an end screen or the one-page DQ panel (§2, §4). */
import { formatUsPhone, formatUsPhoneE164 } from '@app/funnel';
import { eligibilityEndOf, type Catalog } from '../i18n/catalog';
import type { SurveyOutcome } from './survey-outcome';

export function SurveyOutcomeView({
  outcome,
  catalog,
  phone,
}: {
  outcome: SurveyOutcome;
  catalog: Catalog;
  /** The visit's call number (brand/call-number.ts), the header's. */
  phone: string;
}) {
  const t = catalog.endScreens;
  const notEligible = outcome.kind === 'end-screen' ? t.notEligible[eligibilityEndOf(outcome.dqReason)] : null;
  // Issue 28: each visitor sees the end that is true for them; a lead the server did not qualify is promised
  // no attorney's call.
  const [title, text] =
    outcome.kind === 'disqualified-panel' || (outcome.screen !== 'EligibilityResult' && !outcome.qualified)
      ? [catalog.disqualifiedPanel.title, catalog.disqualifiedPanel.text]
      : outcome.screen === 'EligibilityResult'
        ? outcome.qualified || notEligible === null
          ? [t.eligible, t.eligibleText]
          : [notEligible.title, notEligible.text]
        : [t.done, t.doneText];
  return (
    <section className="step" data-outcome={outcome.kind === 'end-screen' ? outcome.screen : 'DisqualifiedPanel'}>
      <h1 className="step__title">{title}</h1>
      <p>{text}</p>
      <a className="button" href={`tel:${formatUsPhoneE164(phone)}`}>
        {catalog.thankYou.reviewButton}: {formatUsPhone(phone)}
      </a>
    </section>
  );
}
