/**
 * The thank-you pages of spec §2 (/survey-thank-you/, -v3b, -v7, /survey-v5-thank-you/, /ticket-thank-you/;
 * issue 12): the qualified or disqualified text (q=y / q=n, §7), the four next steps, the free claim
 * review button and the call header, and with show-meter=yes the compensation meter (§9), moving to the
 * estimate read from `cl`, or fetched from the settlement estimate when the query has none. The ticket
 * flow's page speaks of the traffic ticket instead. Spanish with lang=es, also after a doubled "??".
 */
import {
  formatUsPhone,
  formatUsPhoneE164,
  readCompensation,
  readCompLevel,
  readThankYouQuery,
  SettlementEstimateQuerySchema,
  type Language,
} from '@app/funnel';
import { useEffect, useState } from 'react';
import { removePersonalQuery } from '../app/remove-personal-query';
import { CompensationMeter } from '../site/compensation-meter';
import { fetchSettlementEstimate } from '../site/site-api';
import { callNumber, SiteLayout } from '../site/site-layout';
import type { SitePageProps } from '../site/site-page-props';

export interface ThankYouPageProps extends SitePageProps {
  ticket: boolean;
}

/** §7: the meter only when the landing query had show-meter=yes (the redirect keeps it). */
function meterRequest(query: URLSearchParams) {
  if (query.get('show-meter') !== 'yes') return null;
  const fromLevel = readCompLevel(query.get('cl'));
  const answers = SettlementEstimateQuerySchema.safeParse(Object.fromEntries(query));
  return { estimate: fromLevel?.amount ?? null, answers: answers.success ? answers.data : {} };
}

/** The estimate to move to: `cl` at once, or the settlement estimate once fetched (5000 if it fails). */
function useEstimate(request: ReturnType<typeof meterRequest>): number | null {
  const [fetched, setFetched] = useState<number | null>(null);
  const needsFetch = request !== null && request.estimate === null;
  const answers = request?.answers;
  useEffect(() => {
    if (!needsFetch || !answers) return;
    let live = true;
    void fetchSettlementEstimate(answers).then((result) => {
      if (live) setFetched(result.ok ? readCompensation(result.data.amount).amount : readCompensation(0).amount);
    });
    return () => {
      live = false;
    };
    // The query does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsFetch]);
  return request?.estimate ?? fetched;
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

function ReviewCall({ label, note, phone }: { label: string; note: string; phone: string }) {
  return (
    <div className="review-call">
      <a className="button button--call" href={`tel:${formatUsPhoneE164(phone)}`} data-review-button="">
        {label}
        <span className="button__sub">{formatUsPhone(phone)}</span>
      </a>
      <p className="review-call__note">{note}</p>
    </div>
  );
}

export default function ThankYouPage(props: ThankYouPageProps) {
  const { text, search, ticket, language } = props;
  const t = text.thankYou;
  const query = readThankYouQuery(search);
  const qualified = query.get('q') === 'y';
  const meter = ticket ? null : meterRequest(query);
  const estimate = useEstimate(meter);
  const phone = callNumber(props);
  const lang: Language = language;
  // Issue 11: read, then out of the address bar (the page renders from `search`, kept by the app).
  useEffect(() => removePersonalQuery(window.location, window.history), []);
  return (
    <SiteLayout {...props} name="thank-you">
      <div className="thank-you" data-qualified={qualified ? 'yes' : 'no'} data-ticket={ticket ? 'yes' : 'no'}>
        <div className="thank-you__intro">
          <h1>{ticket ? t.ticketTitle : qualified ? t.qualifiedTitle : t.disqualifiedTitle}</h1>
          <p className="thank-you__lead">{ticket ? t.ticketText : qualified ? t.qualifiedText : t.disqualifiedText}</p>
          <ReviewCall label={ticket ? t.ticketButton : t.reviewButton} note={t.reviewNote} phone={phone} />
        </div>
        {meter && <CompensationMeter estimate={estimate} language={lang} text={t} />}
        {(qualified || ticket) && (
          <Steps title={ticket ? t.ticketStepsTitle : t.nextStepsTitle} steps={ticket ? t.ticketSteps : t.nextSteps} />
        )}
      </div>
    </SiteLayout>
  );
}
