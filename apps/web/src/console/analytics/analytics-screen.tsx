/**
 * Funnel analytics (issue 16): built on the analytics branch (issue-16-analytics), which replaces this
 * file with the real screen. The console's router loads this module's default export.
 */
export default function AnalyticsScreen() {
  return (
    <section className="console-screen" aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics</h1>
      <p className="console-muted">
        Funnel analytics are coming: reach and drop-off per step, completion and qualification rates.
      </p>
    </section>
  );
}
