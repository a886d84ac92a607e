/**
 * Experiments (issue 16): built on the analytics branch (issue-16-analytics), which replaces this file
 * with the real screen. The console's router loads this module's default export.
 */
export default function ExperimentsScreen() {
  return (
    <section className="console-screen" aria-labelledby="experiments-title">
      <h1 id="experiments-title">Experiments</h1>
      <p className="console-muted">
        Experiments are coming: landing paths split across variants, with each arm's results.
      </p>
    </section>
  );
}
