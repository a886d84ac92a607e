/**
 * The accessibility walk (issue 12): axe-core (the npm package, injected into the page) over every page
 * around the survey in both brands and languages, in its states (errors shown, agent fields, the meter),
 * and over every step of every variant, on screen as a visitor reaches it (a saved survey resumed at that
 * step) and with its errors shown. No serious or critical violation of WCAG 2.1 A/AA is allowed.
 */
import { createRequire } from 'node:module';
import { allFlows, readTracking, ROUTES, startFlow, SUBMIT, type FlowDefinition, type FunnelRoute } from '@app/funnel';
import { expect, test, type Page } from '@playwright/test';
import { BRAND_LAUNCH_OPTIONS, brandOrigin, type BrandKey } from '../brand-hosts';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The injected axe script is inline, which the pages' CSP (rightly) refuses: the walk bypasses it.
test.use({ launchOptions: BRAND_LAUNCH_OPTIONS, bypassCSP: true });

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

declare global {
  interface Window {
    /** axe-core, once injected. */
    axe?: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
  }
}

/**
 * axe over the page as shown (or over one part of it: a CSS selector); the serious and critical
 * violations, described.
 */
async function audit(page: Page, part?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  const violations: Violation[] = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document | string, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(selector ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, part);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

const SITE_PATHS = [
  '/',
  '/do-not-sell-my-information',
  '/privacy-policy',
  '/terms-of-use',
  '/sponsors',
  '/survey-thank-you/?q=y&show-meter=yes&cl=5',
  '/survey-thank-you/??q=n',
  '/survey-thank-you-v3b/?q=y',
  '/survey-thank-you-v7/?q=y',
  '/survey-v5-thank-you/?q=y',
  '/ticket-thank-you/',
  '/no-such-page',
];

for (const brand of ['claim-check', 'injury-finder'] as const satisfies readonly BrandKey[]) {
  test(`${brand}: every page around the survey, in English and Spanish`, async ({ page }) => {
    // Two dozen pages audited one after the other: 45–50 s on a quiet machine, over the 60 s default when
    // the machine is busy.
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const language of ['en', 'es']) {
      for (const path of SITE_PATHS) {
        const url = language === 'es' ? `${path}${path.includes('?') ? '&' : '?'}lang=es` : path;
        await page.goto(`${brandOrigin(brand)}${url}`);
        if (path.includes('show-meter'))
          await expect(page.locator('svg.meter__svg')).toHaveAttribute('data-settled', 'yes');
        found.push(...(await audit(page)).map((v) => `${url}: ${v}`));
      }
    }
    expect(found).toEqual([]);
  });

  test(`${brand}: the forms in their error states (opt-out with agent fields, landing)`, async ({ page }) => {
    const found: string[] = [];
    await page.goto(`${brandOrigin(brand)}/do-not-sell-my-information`);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('alert')).not.toHaveText('');
    found.push(...(await audit(page)).map((v) => `opt-out errors: ${v}`));
    await page.goto(`${brandOrigin(brand)}/?lang=es`);
    await page.getByRole('button', { name: 'Comenzar mi revisión gratuita' }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'tipo de accidente' })).toBeVisible();
    found.push(...(await audit(page)).map((v) => `landing error: ${v}`));
    expect(found).toEqual([]);
  });
}

/** The step markup already audited in this run (one brand and language: the variants' walk below). */
const audited = new Set<string>();

/** Whether this markup is new to the walk (and so to be audited), remembering it. */
function firstSight(markup: string): boolean {
  // The ids React makes (useId) differ from page to page; which attributes hold ids is what axe reads.
  const key = markup.replace(/\b(id|for|aria-[a-z]+)="_[^"]*"/g, '$1="_"');
  if (audited.has(key)) return false;
  audited.add(key);
  return true;
}

/** The step definitions already walked (below): one that renders as another did is not walked again. */
const walked = new Set<string>();

/**
 * Whether this step's definition is new to the walk, remembering it. A step's section renders from its
 * screen, its words (the catalog's text for its id and the flow's topic), whether it submits the lead, its
 * consent and the page's language (step-view.tsx, i18n/survey-words.ts); the same definition renders the
 * same markup in every variant, so a step variants share is walked once (121 of the 287 steps).
 * Each variant's first step is walked whatever it is: the whole page is audited there.
 */
function firstWalk(flow: FlowDefinition, route: FunnelRoute, index: number): boolean {
  const step = flow.steps[index];
  if (index === 0 || !step) return true;
  const key = JSON.stringify({
    language: route.language,
    topic: flow.topic,
    id: step.id,
    screen: step.screen,
    submits: step.targets.includes(SUBMIT),
    consent: step.consent ?? null,
  });
  if (walked.has(key)) return false;
  walked.add(key);
  return true;
}

/** One landing path per variant (the first the registry lists). */
function routeOf(flow: FlowDefinition): FunnelRoute | undefined {
  return ROUTES.find((r) => r.variant === flow.id);
}

/** A survey saved in this tab, standing on `stepId` (the survey resumes a saved session at its last step). */
function savedAt(route: FunnelRoute, flow: FlowDefinition, stepId: string, origin: string) {
  const start = startFlow(flow);
  return {
    version: 1,
    variant: flow.id,
    leadId: crypto.randomUUID(),
    path: stepId === flow.first ? [stepId] : [flow.first, stepId],
    answers: start.answers,
    tracking: readTracking('', { oid: route.oid, affid: route.affid }),
    landingSearch: '',
    landingUrl: `${origin}${route.path}`,
    referrer: '',
    stepTimes: [],
    place: null,
    textVerdict: null,
  };
}

for (const flow of allFlows()) {
  const route = routeOf(flow);
  if (!route) continue;
  const landing = route.segment ? `/${route.path}` : route.path;
  test(`every step of the ${flow.id} variant (${landing}), shown and with its errors`, async ({ page }) => {
    test.setTimeout(180_000);
    const origin = brandOrigin('claim-check');
    const found: string[] = [];
    await page.goto(`${origin}${landing}`);
    for (const [index, step] of flow.steps.entries()) {
      if (!firstWalk(flow, route, index)) continue;
      const key = `funnel:survey:${flow.id}`;
      const saved = JSON.stringify(savedAt(route, flow, step.id, origin));
      await page.evaluate(([k, v]) => window.sessionStorage.setItem(k, v), [key, saved] as const);
      await page.reload();
      const part = `section[data-step="${step.id}"]`;
      const shown = page.locator(`${part}:visible`);
      await expect(shown, step.id).toBeVisible();
      // The whole page on the variant's first step; after it, the step's own section (the page around it
      // is the same), once per markup: the steps many variants share are audited once (the walk's time).
      if (index === 0 || firstSight(await shown.evaluate((section) => section.outerHTML)))
        found.push(...(await audit(page, index === 0 ? undefined : part)).map((v) => `${step.id}: ${v}`));
      // A form step with nothing filled in: its errors shown and announced.
      const submit = shown.locator('button[type="submit"]');
      if (step.screen.kind !== 'choice' && (await submit.count()) > 0) {
        await submit.first().click();
        await page.waitForTimeout(300);
        if (firstSight(await shown.evaluate((section) => section.outerHTML)))
          found.push(...(await audit(page, part)).map((v) => `${step.id} (errors): ${v}`));
      }
    }
    expect(found).toEqual([]);
  });
}
