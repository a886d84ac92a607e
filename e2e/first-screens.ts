/**
 * Issue 10: the first screen of a few variants, in both brands (chosen by Host) and both languages, at
 * phone and desktop widths, as the server's HTML alone (JavaScript off) and once the app is live, and
 * whether the two are the same pixels. Run against a server: `npx tsx e2e/first-screens.ts [port] [out-dir]`.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { BRAND_HOST_RULES, BRAND_HOSTS, brandsTreatedAsSecure } from './brand-hosts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const port = process.argv[2] ?? '3000';
const out = process.argv[3] ?? '.screenshots/first';
mkdirSync(out, { recursive: true });

const PAGES = ['/survey', '/survey/es', '/g', '/survey/v2', '/survey-sd/v3b', '/survey/v4nv-es'];

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    BRAND_HOST_RULES,
    // Plain HTTP on a real host name is not a secure context; the brands are served over HTTPS in
    // production, and the pages are looked at as they are there (the survey needs none: plain-http.spec.ts).
    brandsTreatedAsSecure(port),
  ],
});
const differences: string[] = [];
for (const [brand, host] of Object.entries(BRAND_HOSTS)) {
  for (const path of PAGES) {
    for (const [label, viewport] of [
      ['375', { width: 375, height: 740 }],
      ['1280', { width: 1280, height: 860 }],
    ] as const) {
      const shots: Buffer[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ viewport, javaScriptEnabled });
        // tsx keeps function names through a __name helper that functions sent to the page call.
        await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
        const page = await context.newPage();
        await page.goto(`http://${host}:${port}${path}`);
        if (javaScriptEnabled) {
          // Live: React has taken the server's heading over.
          await page.waitForFunction(() => {
            const node = document.querySelector('section[data-step] h1');
            return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
          });
        }
        const name = `${out}/${brand}${path.replaceAll('/', '_')}-${label}-${javaScriptEnabled ? 'live' : 'html'}.png`;
        shots.push(await page.screenshot({ path: name, fullPage: true }));
        await context.close();
      }
      const [html, live] = shots;
      if (!html || !live || !html.equals(live)) differences.push(`${brand} ${path} ${label}`);
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
console.log(
  differences.length === 0
    ? 'server HTML and live page: the same pixels everywhere'
    : `differ: ${differences.join('; ')}`,
);
