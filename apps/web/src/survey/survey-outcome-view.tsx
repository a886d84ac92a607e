/** What a visitor sees when a flow ends on the page: an end screen or the one-page DQ panel (§2, §4). */
import { formatUsPhone, formatUsPhoneE164 } from '@app/funnel';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import type { SurveyOutcome } from './survey-outcome';

export function SurveyOutcomeView({
  outcome,
  catalog,
  brand,
}: {
  outcome: SurveyOutcome;
  catalog: Catalog;
  brand: Brand;
}) {
  const t = catalog.endScreens;
  const [title, text] =
    outcome.kind === 'disqualified-panel'
      ? [catalog.disqualifiedPanel.title, catalog.disqualifiedPanel.text]
      : outcome.screen === 'EligibilityResult'
        ? outcome.qualified
          ? [t.eligible, t.eligibleText]
          : [t.notEligible, t.notEligibleText]
        : [t.done, t.doneText];
  return (
    <section className="step" data-outcome={outcome.kind === 'end-screen' ? outcome.screen : 'DisqualifiedPanel'}>
      <h1 className="step__title">{title}</h1>
      <p>{text}</p>
      <a className="button" href={`tel:${formatUsPhoneE164(brand.phone)}`}>
        {catalog.thankYou.reviewButton}: {formatUsPhone(brand.phone)}
      </a>
    </section>
  );
}
