/**
 * The thank-you pages of spec §2 (/survey-thank-you/, -v3b, -v7, /survey-v5-thank-you/, /ticket-thank-you/;
 * issue 12): the headline and text true for the visitor (issue 28: the domain's `thankYouHeadline` reads the
 * query: the ticket, a refused firm, no verdict, not qualified, a DUI review, the meter's band, §2's text),
 * the four next steps where a call is promised, the free claim review button and the call header, and with
 * show-meter=yes the compensation meter (§9) for a qualified accident, moving to the estimate read from
 * `cl`, or fetched from the settlement estimate with the answers the query carries. Spanish with lang=es,
 * also after a doubled "??".
 */
import {
  CALL_PROMISED,
  formatUsPhone,
  formatUsPhoneE164,
  readCompensation,
  readCompLevel,
  readThankYouQuery,
  thankYouHeadline,
  thankYouMeter,
  type ThankYouHeadline,
  type ThankYouMeter,
} from '@app/funnel';
import { useEffect, useState } from 'react';
import { removePersonalQuery } from '../app/remove-personal-query';
import { CompensationMeter } from '../site/compensation-meter';
import { fetchSettlementEstimate } from '../site/site-api';
import { callNumber, SiteLayout } from '../site/site-layout';
import type { SitePageProps } from '../site/site-page-props';
import type { SiteText } from '../site/text/site-text';

export interface ThankYouPageProps extends SitePageProps {
  ticket: boolean;
}

/** The estimate the meter moves to: `cl` at once, else the settlement estimate once it is in (or failed). */
type Estimate = { amount: number | null; failed: boolean };

function useEstimate(meter: ThankYouMeter): Estimate {
  const [fetched, setFetched] = useState<Estimate>({ amount: null, failed: false });
  const answers = meter.kind === 'estimate' ? meter.answers : null;
  useEffect(() => {
    if (!answers) return;
    let live = true;
    void fetchSettlementEstimate(answers).then((result) => {
      if (live)
        setFetched(
          result.ok
            ? { amount: readCompensation(result.data.amount).amount, failed: false }
            : { amount: null, failed: true },
        );
    });
    return () => {
      live = false;
    };
    // The query does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answers === null]);
  if (meter.kind === 'level') return { amount: readCompLevel(meter.level)?.amount ?? null, failed: false };
  return fetched;
}

function headlineText(headline: ThankYouHeadline, t: SiteText['thankYou']): [string, string] {
  switch (headline.kind) {
    case 'ticket':
      return [t.ticketTitle, t.ticketText];
    case 'no-firm-chosen':
      return [t.noFirmTitle, t.noFirmText];
    case 'received':
      return [t.receivedTitle, t.receivedText];
    case 'not-qualified':
      return [t.disqualifiedTitle, t.disqualifiedText];
    case 'review':
      return [t.reviewTitle, t.qualifiedText];
    case 'band':
      return [t.bandTitle(t.meterLabels[headline.level]), t.qualifiedText];
    case 'qualified':
      return [t.qualifiedTitle, t.qualifiedText];
  }
}

function Steps({ title, steps }: { title: string; steps: readonly { title: string; text: string }[] }) {
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">{title}</h2>
      <ol className="next-steps__list">
        {steps.map((s, index) => (
          <li key={s.title} className="next-steps__item">
            <span className="next-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <span>
              <strong className="next-steps__title">{s.title}</strong>
              <span className="next-steps__text">{s.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReviewCall({ label, note, phone }: { label: string; note: string | null; phone: string }) {
  return (
    <div className="review-call">
      <a className="button button--call" href={`tel:${formatUsPhoneE164(phone)}`} data-review-button="">
        {label}
        <span className="button__sub">{formatUsPhone(phone)}</span>
      </a>
      {note !== null && <p className="review-call__note">{note}</p>}
    </div>
  );
}

export default function ThankYouPage(props: ThankYouPageProps) {
  const { text, search, ticket, language } = props;
  const t = text.thankYou;
  const query = readThankYouQuery(search);
  const meter = thankYouMeter(query, ticket);
  const estimate = useEstimate(meter);
  const estimatedLevel = estimate.amount === null ? null : readCompensation(estimate.amount).level;
  const headline = thankYouHeadline(query, ticket, { level: estimatedLevel, failed: estimate.failed });
  const [title, lead] = headlineText(headline, t);
  const callPromised = CALL_PROMISED.has(headline.kind);
  const meterShown = meter.kind !== 'none' && !estimate.failed;
  const phone = callNumber(props);
  // Issue 11: read, then out of the address bar (the page renders from `search`, kept by the app).
  useEffect(() => removePersonalQuery(window.location, window.history), []);
  return (
    <SiteLayout {...props} name="thank-you" topic={ticket ? 'traffic-ticket' : 'accident'}>
      <div
        className={meterShown ? 'thank-you thank-you--with-meter' : 'thank-you'}
        data-qualified={query.get('q') === 'y' ? 'yes' : 'no'}
        data-ticket={ticket ? 'yes' : 'no'}
        data-headline={headline.kind}
      >
        <div className="thank-you__intro">
          <h1>{title}</h1>
          <p className="thank-you__lead">{lead}</p>
          <ReviewCall
            label={ticket ? t.ticketButton : t.reviewButton}
            note={!callPromised ? null : ticket ? t.ticketReviewNote : t.reviewNote}
            phone={phone}
          />
        </div>
        {meterShown && <CompensationMeter estimate={estimate.amount} language={language} text={t} />}
        {callPromised && (
          <Steps title={ticket ? t.ticketStepsTitle : t.nextStepsTitle} steps={ticket ? t.ticketSteps : t.nextSteps} />
        )}
      </div>
    </SiteLayout>
  );
}
