/**
 * The accessibility walk (issue 12): axe-core (the npm package, injected into the page) over every page
 * around the survey in both brands and languages, in its states (errors shown, agent fields, the meter),
 * and over every step of every variant, on screen as a visitor reaches it (a saved survey resumed at that
 * step) and with its errors shown. No serious or critical violation of WCAG 2.1 A/AA is allowed.
 */
import { createRequire } from 'node:module';
import { allFlows, readTracking, ROUTES, startFlow, type FlowDefinition, type FunnelRoute } from '@app/funnel';
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

/** axe over the page as shown; the serious and critical violations, described. */
async function audit(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  const violations: Violation[] = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
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
    for (const step of flow.steps) {
      const key = `funnel:survey:${flow.id}`;
      const saved = JSON.stringify(savedAt(route, flow, step.id, origin));
      await page.evaluate(([k, v]) => window.sessionStorage.setItem(k, v), [key, saved] as const);
      await page.reload();
      const shown = page.locator(`section[data-step="${step.id}"]:visible`);
      await expect(shown, step.id).toBeVisible();
      found.push(...(await audit(page)).map((v) => `${step.id}: ${v}`));
      // A form step with nothing filled in: its errors shown and announced.
      const submit = shown.locator('button[type="submit"]');
      if (step.screen.kind !== 'choice' && (await submit.count()) > 0) {
        await submit.first().click();
        await page.waitForTimeout(300);
        found.push(...(await audit(page)).map((v) => `${step.id} (errors): ${v}`));
      }
    }
    expect(found).toEqual([]);
  });
}
