/**
 * The landing page `/` (spec §1 "A landing page also exists with a header call button, a contact form, a
 * what-happens-next section, testimonials and a footer. Accident-type and how-it-works sections exist";
 * issue 12). Its short form asks the survey's first question and opens the survey with that answer given
 * (the survey takes it as a first answer, app/start-answer.ts), keeping the landing query's tracking.
 * Without JavaScript the form still works: a plain GET to the survey.
 */
import { ACCIDENT_TYPES, formatUsPhone, formatUsPhoneE164, SITE_PATHS } from '@app/funnel';
import { useId, useRef, useState, type FormEvent } from 'react';
import { START_PARAM } from '../app/start-answer';
import { callNumber, SiteLayout } from '../site/site-layout';
import type { SitePageProps } from '../site/site-page-props';

export type LandingPageProps = SitePageProps;

/** The survey the landing opens, in the page's language (§2 /survey and /survey/es). */
const SURVEY_PATH = { en: '/survey', es: '/survey/es' } as const;

function StartForm(props: LandingPageProps) {
  const { text, catalog, language, search } = props;
  const t = text.landing;
  const [error, setError] = useState(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const errorId = useId();
  const action = SURVEY_PATH[language];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get(START_PARAM);
    if (typeof chosen !== 'string' || chosen === '') {
      setError(true);
      fieldset.current?.querySelector('input')?.focus();
      return;
    }
    // The landing's tracking (sub1…, affid, gclid) goes on to the survey, which reads it (§3).
    const query = new URLSearchParams(search.replace(/^\?+/, ''));
    query.delete('lang');
    query.set(START_PARAM, chosen);
    window.location.assign(`${action}?${query.toString()}`);
  };

  return (
    <form
      className="start-form"
      action={action}
      method="get"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="start-title"
    >
      <h2 id="start-title" className="start-form__title">
        {t.formTitle}
      </h2>
      <fieldset
        ref={fieldset}
        className="start-form__choices"
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error || undefined}
      >
        <legend>{t.accidentLegend}</legend>
        {ACCIDENT_TYPES.map((type) => (
          <label key={type} className="start-form__choice">
            <input type="radio" name={START_PARAM} value={type} onChange={() => setError(false)} />
            <span>{catalog.values.accident_type?.[type] ?? type}</span>
          </label>
        ))}
      </fieldset>
      <p id={errorId} className="field-error" role="alert">
        {error ? t.choose : ''}
      </p>
      <button type="submit" className="button button--primary button--wide">
        {t.start}
      </button>
      <p className="start-form__note">{t.formNote}</p>
    </form>
  );
}

function Cards({
  id,
  title,
  items,
  numbered,
}: {
  id: string;
  title: string;
  items: readonly { title: string; text: string }[];
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <section className={`landing-section landing-section--${id}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <List className="cards">
        {items.map((item, index) => (
          <li key={item.title} className="card">
            {numbered && (
              <span className="card__number" aria-hidden="true">
                {index + 1}
              </span>
            )}
            <h3 className="card__title">{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </List>
    </section>
  );
}

export default function LandingPage(props: LandingPageProps) {
  const { text } = props;
  const t = text.landing;
  const phone = callNumber(props);
  return (
    <SiteLayout {...props} name="landing" switchPath={SITE_PATHS.landing}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t.eyebrow}</p>
            <h1 id="hero-title">{t.title}</h1>
            <p className="hero__lead">{t.lead}</p>
            <ul className="hero__trust">
              {t.trust.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <StartForm {...props} />
        </div>
      </section>
      <div className="landing">
        <Cards id="how" title={t.howTitle} items={t.how} numbered />
        <Cards id="types" title={t.typesTitle} items={t.types} />
        <Cards id="next" title={t.nextTitle} items={t.next} numbered />
        <section className="landing-section landing-section--testimonials" aria-labelledby="testimonials-title">
          <h2 id="testimonials-title">{t.testimonialsTitle}</h2>
          <ul className="testimonials">
            {t.testimonials.map((item) => (
              <li key={item.name} className="testimonial">
                <figure>
                  <blockquote>
                    <p>{item.quote}</p>
                  </blockquote>
                  <figcaption>
                    <strong>{item.name}</strong> · {item.place}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="landing__note">{t.testimonialNote}</p>
        </section>
        <section className="cta" aria-labelledby="cta-title">
          <h2 id="cta-title">{t.ctaTitle}</h2>
          <p>{t.ctaText}</p>
          <div className="cta__actions">
            <a className="button button--primary" href="#start-title">
              {t.start}
            </a>
            <a className="button button--call" href={`tel:${formatUsPhoneE164(phone)}`}>
              {text.callNow} {formatUsPhone(phone)}
            </a>
          </div>
        </section>
      </div>
    </SiteLayout>
  );
}
