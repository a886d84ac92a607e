import { catalogFor } from '../i18n/use-catalog';

export default function NotFoundPage() {
  const t = catalogFor('en').notFound;
  return (
    <main className="thank-you">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <a className="button" href="/survey">
        {t.link}
      </a>
    </main>
  );
}
