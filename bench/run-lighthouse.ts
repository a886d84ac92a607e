/**
 * Lighthouse 12's mobile preset (its default configuration: a mid-range phone, simulated slow 4G and 4x
 * CPU) on each page, in Debian's Chromium launched for it (issue 33 item 4). One run per page.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LIGHTHOUSE_CATEGORIES, type LighthouseCategory, type LighthousePage } from './lighthouse-rows';

export interface LighthouseTarget {
  name: string;
  url: string;
}

export interface LighthouseRun {
  pages: LighthousePage[];
  /** Lighthouse's measure of this machine's speed (a desktop of 2020 is ~1500): its simulation scales by it. */
  benchmarkIndex: number[];
  version: string;
}

export async function runLighthouse(
  targets: LighthouseTarget[],
  chromePath: string,
  port: number | undefined,
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    ...(port === undefined ? {} : { port }),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const run: LighthouseRun = { pages: [], benchmarkIndex: [], version: '' };
  try {
    for (const target of targets) {
      const result = await lighthouse(target.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`);
      const { lhr } = result;
      run.version = lhr.lighthouseVersion;
      run.benchmarkIndex.push(Math.round(lhr.environment.benchmarkIndex));
      const score = (category: LighthouseCategory) => {
        const value = lhr.categories[category]?.score;
        return typeof value === 'number' ? Math.round(value * 100) : null;
      };
      const failing = LIGHTHOUSE_CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) return [];
          const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
          const why = audit.explanation ? `: ${audit.explanation}` : '';
          return [`${category}: ${audit.id} ${audit.score.toFixed(2)}${shown}${why}`];
        }),
      );
      if (lhr.runtimeError) failing.unshift(`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      run.pages.push({
        name: target.name,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        failing,
      });
    }
  } finally {
    chrome.kill();
  }
  return run;
}
