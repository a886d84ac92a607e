/**
 * bench:web's INP table (issue 33 item 4): per page, the worst interaction of each full walk as the
 * `web-vitals` library's attribution build reported it (onINP, every change), against the floor's in the
 * same run and the budget (every tap of a walk ≤ 100 ms at 4x CPU).
 */

/** One interaction as web-vitals attributes it (INPAttribution), reduced to what the table prints. */
export interface InpReport {
  /** The interaction's latency, ms (INP's value when it was reported). */
  value: number;
  /** A selector of the element interacted with ('' when it left the page). */
  target: string;
  /** 'pointer' or 'keyboard'. */
  type: string;
  inputDelay: number;
  processingDuration: number;
  presentationDelay: number;
  /** Where the longest script of its frame ran, when the browser says (Long Animation Frames). */
  longestScript: string;
  /** When it happened (the page's clock), and the step on screen then ('' when unknown). */
  at: number;
  step: string;
}

/** A page's walks: the worst interaction of each (null when a walk reported none). */
export interface InpPage {
  name: string;
  walks: (InpReport | null)[];
}

export const INP_BUDGET_MS = 100;

const ms = (v: number) => `${Math.round(v)} ms`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The worst interaction over every walk of a page, or null. */
export function worstOf(walks: (InpReport | null)[]): InpReport | null {
  let worst: InpReport | null = null;
  for (const walk of walks) if (walk && (worst === null || walk.value > worst.value)) worst = walk;
  return worst;
}

function describe(report: InpReport): string {
  const target = report.target === '' ? '(element gone)' : `\`${report.target.replace(/\|/g, '\\|')}\``;
  const parts = [
    `${target} (${report.type || 'unknown'}${report.step ? ` on ${report.step}` : ''})`,
    `input delay ${ms(report.inputDelay)}, processing ${ms(report.processingDuration)}, presentation ${ms(report.presentationDelay)}`,
  ];
  if (report.longestScript) parts.push(`longest script: ${report.longestScript.replace(/\|/g, '\\|')}`);
  return parts.join('; ');
}

/**
 * The table's rows (markdown, header first): per page the median over its walks of the walk's worst INP
 * (min–max), its ratio to the floor's median, the worst interaction of all its walks with its attribution,
 * and whether every walk stayed within the budget.
 */
export function inpRows(pages: InpPage[], budget = INP_BUDGET_MS): string[] {
  const rows = [
    '| page | worst INP of a walk | worst interaction (attribution) | every tap ≤ ' + ms(budget) + ' |',
    '|---|---|---|---|',
  ];
  const floorValues = (pages[0]?.walks ?? []).flatMap((w) => (w ? [w.value] : []));
  const floorMedian = median(floorValues);
  for (const [index, page] of pages.entries()) {
    const values = page.walks.flatMap((w) => (w ? [w.value] : []));
    const worst = worstOf(page.walks);
    if (values.length === 0 || worst === null) {
      rows.push(`| ${page.name} | no interaction reported | — | — |`);
      continue;
    }
    const mid = median(values);
    const ratio =
      index > 0 && Number.isFinite(floorMedian) && floorMedian > 0 ? ` ${(mid / floorMedian).toFixed(2)}×` : '';
    const spread = `${ms(mid)} (${ms(Math.min(...values))}–${ms(Math.max(...values))})${ratio}`;
    const within = values.every((v) => v <= budget)
      ? 'yes'
      : `no: ${values.filter((v) => v > budget).length} of ${values.length} walks over`;
    rows.push(`| ${page.name} | ${spread} | ${ms(worst.value)}: ${describe(worst)} | ${within} |`);
  }
  return rows;
}
