/**
 * bench:web's Lighthouse table (issue 33 item 4): Lighthouse 12's mobile preset, the four category scores
 * per page against the issue's budgets (performance ≥ 95; accessibility, best practices, SEO 100), and the
 * audits that cost points on a page under budget.
 */

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export const LIGHTHOUSE_BUDGETS: Record<LighthouseCategory, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

const TITLES: Record<LighthouseCategory, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

/** One page's run: scores 0–100 (null when Lighthouse gave none), and the audits that lost points. */
export interface LighthousePage {
  name: string;
  scores: Record<LighthouseCategory, number | null>;
  /**
   * e.g. "performance: total-blocking-time 0.28 (980 ms)", in the order Lighthouse lists them; a line of no
   * category (Lighthouse's runtime error) is shown whenever the page is under budget.
   */
  failing: string[];
}

function cell(score: number | null, budget: number): string {
  if (score === null) return 'no score';
  return score >= budget ? String(score) : `**${score}** (under ${budget})`;
}

/** Markdown rows, header first; then, per page under budget, the audits that cost it points. */
export function lighthouseRows(pages: LighthousePage[], budgets = LIGHTHOUSE_BUDGETS): string[] {
  const rows = [
    `| page | ${LIGHTHOUSE_CATEGORIES.map((c) => `${TITLES[c]} (≥ ${budgets[c]})`).join(' | ')} |`,
    `|---|${LIGHTHOUSE_CATEGORIES.map(() => '---').join('|')}|`,
  ];
  for (const page of pages)
    rows.push(`| ${page.name} | ${LIGHTHOUSE_CATEGORIES.map((c) => cell(page.scores[c], budgets[c])).join(' | ')} |`);
  const notes = pages.flatMap((page) => {
    const under = LIGHTHOUSE_CATEGORIES.filter((c) => {
      const score = page.scores[c];
      return score === null || score < budgets[c];
    });
    if (under.length === 0) return [];
    // A line of a category under budget, or one of no category (Lighthouse's runtime error).
    const ofCategory = (f: string, categories: readonly LighthouseCategory[]) =>
      categories.some((c) => f.startsWith(`${c}:`));
    const failing = page.failing.filter((f) => ofCategory(f, under) || !ofCategory(f, LIGHTHOUSE_CATEGORIES));
    return [`- ${page.name}: ${failing.length > 0 ? failing.join('; ') : 'no audit named'}`];
  });
  if (notes.length > 0) rows.push('', 'Audits that cost points where a page is under budget:', '', ...notes);
  return rows;
}
