/**
 * npm run bench:web (issue 10): how fast the survey is for a new visitor on a mid-range phone over a slow
 * mobile network, against the floor measured in the same run: a bare React 19 page built and served the
 * same way (bench/floor). It builds for production, serves the real server, and in headless Chromium
 * (4x CPU slowdown, slow 4G: 150 ms, 1.6 Mbps down, 750 kbps up; 412x823 at DPR 1.75, as Lighthouse's
 * mobile profile) loads each page fresh 7 times: JS bytes and requests before the first answer, FCP, LCP,
 * time to first answer (navigation -> a tap on the first answer as soon as it shows -> the second question
 * on screen), main-thread blocking and layout shift before it, then every step transition of a full walk
 * to the thank-you page. Each page is loaded once more per run and its first answer tapped as a finger taps
 * it (issue 33: visible, enabled, the hit target at its centre, its box still for two frames): script
 * requests before the first answer, DOMContentLoaded, time to first answer and the first tap's wait, both
 * ways. INP (issue 33 item 4): every interaction of each walk (and of the floor's taps) as the `web-vitals`
 * library's attribution build reports it, injected by the bench before the page's scripts (the product does
 * not ship it): per page the worst of each walk, its ratio to the floor's, and the worst interaction with its
 * target, input delay, processing and presentation (budget: every tap of a walk <= 100 ms at 4x CPU); with it
 * the longest task and animation frame after the first answer (issue 33 item 3). Then Lighthouse 12's mobile
 * preset, one run each, on the survey, landing, thank-you and opt-out pages, in Debian's Chromium launched
 * headless for it (bench/run-lighthouse.ts): the four category scores against the budgets (performance >= 95,
 * accessibility, best practices and SEO 100) and the audits that cost points where a page is under budget.
 * Prints medians, min-max and ratios to the floor, and writes docs/benchmarks.md.
 *
 * A script that prints figures, not a test: it asserts nothing. Options: --runs N, --no-build, --only PATH (no
 * Lighthouse unless --lighthouse), --port N (or BENCH_WEB_PORT: the floor on N, the funnel on N+1, Lighthouse's
 * Chromium on N+2; else ports the system hands out), --no-lighthouse, --inp-log (prints every INP report of each
 * walk as it came, each worse than the one before: where a walk's slow taps were), --help.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { writeBenchSection } from './benchmarks-doc';
import { freePort } from '../e2e/free-port';
import { inpRows, type InpReport } from './inp-rows';
import { INP_BINDING, inpScript } from './inp-script';
import { lighthouseRows } from './lighthouse-rows';
import { runLighthouse, type LighthouseRun } from './run-lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt === -1 ? 7 : Number(args[runsAt + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number of loads, 1 or more');
const BUILD = !args.includes('--no-build');
const onlyAt = args.indexOf('--only');
/** --only PATH: the floor and that survey route alone, printed, not written (a quick look while working). */
const ONLY = onlyAt === -1 ? null : (args[onlyAt + 1] ?? '');
const portAt = args.indexOf('--port');
/**
 * --port N (or BENCH_WEB_PORT): the floor's server on N, the funnel's on N+1, Lighthouse's Chromium's
 * debugging port on N+2; without it, ports the system hands out.
 */
const BASE_PORT = Number(portAt === -1 ? (process.env.BENCH_WEB_PORT ?? NaN) : args[portAt + 1]);
if (portAt !== -1 && !Number.isInteger(BASE_PORT)) throw new Error('--port takes a port number');
/** Lighthouse runs by default, not with --only (a quick look) unless --lighthouse asks; --no-lighthouse skips it. */
const LIGHTHOUSE = !args.includes('--no-lighthouse') && (ONLY === null || args.includes('--lighthouse'));
/** --inp-log: every INP report of each walk printed as it came (web-vitals reports each new worst). */
const INP_LOG = args.includes('--inp-log');
if (args.includes('--help')) {
  console.log(
    'npm run bench:web -- [--runs N] [--no-build] [--only PATH] [--port N] [--no-lighthouse] [--lighthouse] [--inp-log]',
  );
  process.exit(0);
}

/** Lighthouse's slow 4G and its mobile CPU slowdown. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const FLOOR_TRANSITIONS = 6;
/** A visitor's pause between the last field and the button (the checks start while they type or leave). */
const READING_PAUSE_MS = 1000;

interface Target {
  name: string;
  url: string;
  walk: boolean;
}

/**
 * How the first answer is tapped (issue 33 item 4). `now`: the moment it is in the page and visible, as
 * Playwright clicks it. `finger`: as a finger does, once the answer is visible, enabled, the element at
 * its centre (document.elementFromPoint) is the answer itself or inside it, and its box has not moved for
 * two animation frames; then a touch tap at that centre. A finger load stops after the first answer.
 */
type TapWay = 'now' | 'finger';

interface Load {
  way: TapWay;
  jsBytes: number;
  /** Script requests started before the first answer showed (issue 33: keep it at 2 or fewer). */
  scriptRequests: number;
  domContentLoaded: number;
  /** The first tap -> the second question on screen. */
  firstTap: number;
  /** The HTML document as transferred (a survey page's words travel in it, issue 10). */
  htmlBytes: number;
  requests: number;
  fcp: number;
  lcp: number;
  firstAnswer: number;
  blocking: number;
  cls: number;
  /** tap -> next screen, per step answered, in walk order. */
  transitions: { step: string; ms: number }[];
  /** The last tap -> the thank-you page's first paint. */
  submitToThankYou: number | null;
  /** The walk's worst interaction, as web-vitals' attribution build reported INP (a walk or the floor's taps). */
  inp: InpReport | null;
  /** The longest task after the first answer, up to the last step before the submit (issue 33 item 3). */
  longestTaskAfter: number;
  /** That part of the walk's longest animation frame: its duration and its longest script. */
  longestFrameAfter: string;
}

// ---------------------------------------------------------------------------------------------------
// Build and serve
// ---------------------------------------------------------------------------------------------------

async function buildFloor(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench/floor'),
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2020' },
  });
  execFileSync('node', [path.join(ROOT, 'scripts/precompress.mjs'), outDir], { stdio: 'ignore' });
}

/** The floor's files, served as the funnel serves its own: precompressed, hashed assets cached. */
async function serveFloor(dir: string, port: number) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, preCompressed: true, index: ['index.html'] });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

async function startFunnel(port: number, dataDir: string): Promise<ChildProcess> {
  // Served as `npm start` serves it. Vite's build sets NODE_ENV=production in this process; the server's
  // production mode wants vendor keys this machine has not, so the child does not inherit it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV'));
  const server = spawn('node', [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Funnel is running')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  return server;
}

// ---------------------------------------------------------------------------------------------------
// In the page: what the browser itself observed
// ---------------------------------------------------------------------------------------------------

interface BenchRecord {
  fcp: number;
  lcp: number;
  longTasks: { start: number; duration: number }[];
  /** Long animation frames, with the longest script of each (where its time went). */
  frames: { start: number; duration: number; script: string; scripts: string }[];
  shifts: { start: number; value: number }[];
  taps: number[];
  steps: { step: string; at: number }[];
}

declare global {
  interface Window {
    __bench?: BenchRecord;
  }
}

/** Installed before any of the page's scripts: paints, long tasks, shifts, taps and each new step. */
function observe(): void {
  const record: BenchRecord = { fcp: 0, lcp: 0, longTasks: [], frames: [], shifts: [], taps: [], steps: [] };
  window.__bench = record;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') record.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) record.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) record.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const scripts: unknown[] = 'scripts' in e && Array.isArray(e.scripts) ? e.scripts : [];
      let top = '';
      let longest = 0;
      // Every script of 5 ms or more, when it started and what it was (--inp-log prints them).
      const each: string[] = [];
      for (const script of scripts) {
        if (typeof script !== 'object' || script === null || !('duration' in script)) continue;
        const { duration } = script;
        if (typeof duration !== 'number') continue;
        const source = 'sourceURL' in script ? String(script.sourceURL).split('/').pop() : '';
        const invoker = 'invoker' in script ? String(script.invoker) : '?';
        const start = 'startTime' in script && typeof script.startTime === 'number' ? script.startTime : 0;
        if (duration >= 5) each.push(`${Math.round(start)}: ${invoker} ${source} ${Math.round(duration)} ms`);
        if (duration <= longest) continue;
        longest = duration;
        top = `${invoker} ${source} ${Math.round(duration)} ms`;
      }
      const renderStart = 'renderStart' in e && typeof e.renderStart === 'number' ? e.renderStart : 0;
      const rendering = renderStart > 0 ? ` render ${Math.round(e.startTime + e.duration - renderStart)} ms` : '';
      record.frames.push({
        start: e.startTime,
        duration: e.duration,
        script: top,
        scripts: `${each.join('; ')}${rendering}`,
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if ('value' in e && typeof e.value === 'number' && !('hadRecentInput' in e && e.hadRecentInput === true))
        record.shifts.push({ start: e.startTime, value: e.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('pointerdown', () => record.taps.push(performance.now()), true);
  let shown = '';
  let looking = false;
  // Which step is on screen is read at the start of the frame after a change of the page, not in the change
  // itself: reading it there would make the browser compute styles in the middle of the tap's work, on every
  // batch of changes, which the page does not do (and the floor, with few changes, pays less for).
  const look = () => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(() => {
      looking = false;
      // The visible step: the steps ahead and behind stay rendered, kept with no height and their content
      // clipped (survey/step-view.tsx). Its height is read here, so the time taken below includes the style
      // and the layout of this frame, on the floor as on the survey.
      const visible = [...document.querySelectorAll('section[data-step]')].find(
        (section) =>
          section.checkVisibility({ visibilityProperty: true }) && section.getBoundingClientRect().height > 0,
      );
      const step = visible?.getAttribute('data-step') ?? '';
      // The submit's overlay is always in the page, hidden until the last step's tap shows it.
      const overlay = document.querySelector('[data-testid="loading-overlay"]')?.checkVisibility() ? 'overlay' : '';
      const now = overlay || step;
      if (now && now !== shown) {
        shown = now;
        // On screen from this frame.
        record.steps.push({ step: now, at: performance.now() });
      }
    });
  };
  // A step is shown by a change of the nodes or of a pane's class (a render, or the survey's reveal of a
  // step built ahead: apps/web/src/survey/reveal-built-step.ts, which changes no node).
  new MutationObserver(look).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden'],
  });
}

interface Observed extends BenchRecord {
  resources: { name: string; start: number; size: number }[];
  domContentLoaded: number;
}

async function observed(page: Page): Promise<Observed> {
  return page.evaluate(() => {
    const record = window.__bench;
    if (!record) throw new Error('the bench observer is not installed');
    const resources = performance
      .getEntriesByType('resource')
      .filter((e) => e instanceof PerformanceResourceTiming)
      .map((e) => ({ name: e.name, start: e.startTime, size: e.transferSize }));
    const nav = performance.getEntriesByType('navigation').find((e) => e instanceof PerformanceNavigationTiming);
    return {
      ...record,
      resources: [{ name: 'document', start: 0, size: nav?.transferSize ?? 0 }, ...resources],
      domContentLoaded: nav?.domContentLoadedEventStart ?? NaN,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// One fresh load
// ---------------------------------------------------------------------------------------------------

const PREFERRED = [
  'car',
  'i_think_so',
  'Personal Vehicle',
  'another_person',
  'Whiplash',
  'Emergency Room',
  'yes',
  'need_lawyer',
];

const CONTACT: readonly (readonly [string, string])[] = [
  ['first_name', 'Maria'],
  ['last_name', 'Lopez'],
  ['email', 'maria.lopez@example.com'],
  ['phone', '5125550100'],
  ['zip_code', '78701'],
];

function accidentDate() {
  const date = new Date(Date.now() - 40 * 86_400_000);
  return { year: String(date.getUTCFullYear()), month: String(date.getUTCMonth() + 1).padStart(2, '0') };
}

async function currentStep(page: Page): Promise<string> {
  return (await page.locator('section[data-step]:visible').first().getAttribute('data-step')) ?? '';
}

/** Answers the step on screen as a visitor would; returns whether it was the last (the submit). */
async function answer(page: Page): Promise<boolean> {
  const section = page.locator('section[data-step]:visible').first();
  const options = section.locator('button[data-option]');
  if ((await options.count()) > 0) {
    const ids = await options.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-option') ?? ''));
    const pick = PREFERRED.find((id) => ids.includes(id)) ?? ids[0] ?? '';
    await section.locator(`button[data-option="${pick}"]`).click();
    return false;
  }
  // A form step reached before the forms chunk is in shows its question and a pending box (ADR 0012):
  // a visitor fills its fields once they show.
  await section.getByTestId('step-pending').waitFor({ state: 'detached', timeout: 30_000 });
  const has = async (name: string) => (await section.locator(`[name="${name}"]`).count()) > 0;
  if (await has('injury_year')) {
    const { year, month } = accidentDate();
    await section.locator('select[name="injury_year"]').selectOption(year);
    await section.locator('select[name="injury_month"]').selectOption(month);
  }
  if (await has('case_description')) {
    await section
      .locator('[name="case_description"]')
      .fill('A pickup truck ran the red light and hit my driver side door');
  }
  for (const [name, value] of CONTACT) {
    if (await has(name)) {
      await section.locator(`[name="${name}"]`).fill(value);
      await section.locator(`[name="${name}"]`).press('Tab');
    }
  }
  await page.waitForTimeout(READING_PAUSE_MS);
  const submit = section.locator('button[type="submit"]');
  const final = (await submit.getAttribute('class'))?.includes('button--submit') ?? false;
  await submit.click();
  return final;
}

/**
 * Waits, as a finger would, until the first answer can be tapped where it is, and returns its centre: the
 * answer visible and enabled, the element at its centre the answer or inside it, its box the same over two
 * animation frames (issue 33 item 4).
 */
async function fingerReady(page: Page): Promise<{ x: number; y: number }> {
  const handle = await page.waitForFunction(
    () =>
      new Promise<{ x: number; y: number } | null>((resolve) => {
        const button = [...document.querySelectorAll('section[data-step] button[data-option]')].find(
          (b) => b instanceof HTMLButtonElement && b.checkVisibility({ visibilityProperty: true }),
        );
        if (!(button instanceof HTMLButtonElement) || button.disabled) return resolve(null);
        const box = () => {
          const r = button.getBoundingClientRect();
          return `${r.x},${r.y},${r.width},${r.height}`;
        };
        const first = box();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const r = button.getBoundingClientRect();
            const x = r.x + r.width / 2;
            const y = r.y + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            const stable = box() === first && r.width > 0 && r.height > 0;
            resolve(stable && hit !== null && button.contains(hit) ? { x, y } : null);
          }),
        );
      }),
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  const point = await handle.jsonValue();
  if (!point) throw new Error('the first answer never became tappable');
  return point;
}

const INP_SCRIPT = inpScript();

async function load(browser: Browser, target: Target, way: TapWay = 'now'): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // tsx compiles this file keeping function names through a helper, __name, that functions sent to the
  // page then call: the page gets a do-nothing one first.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.addInitScript(observe);
  // Issue 33 item 4: INP of every tap of the walk, by web-vitals' attribution build (the bench's, not the
  // product's), handed out as it changes: the worst is the last report before the thank-you page.
  const inpReports: InpReport[] = [];
  if (way === 'now') {
    await page.exposeFunction(INP_BINDING, (report: InpReport) => inpReports.push(report));
    await page.addInitScript({ content: INP_SCRIPT });
  }

  await page.goto(target.url, { waitUntil: 'commit' });
  // The first answer, tapped the moment it shows (before the app is live, where the HTML has it).
  const firstStep = await page
    .locator('section[data-step]:visible')
    .first()
    .getAttribute('data-step', { timeout: 30_000 });
  if (way === 'finger') {
    const { x, y } = await fingerReady(page);
    await page.touchscreen.tap(x, y);
  } else {
    await page.locator('button[data-option]').first().click();
  }
  await page.waitForFunction(
    (first) => {
      return (window.__bench?.steps ?? []).some((s) => s.step !== first);
    },
    firstStep,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(200);
  const early = await observed(page);
  const firstTap = early.taps[0] ?? 0;
  const firstAnswer = early.steps.find((s) => s.step !== firstStep)?.at ?? NaN;
  const before = early.resources.filter((r) => r.start < firstAnswer);
  const scripts = before.filter((r) => /\.js($|\?)/.test(r.name));
  const result: Load = {
    way,
    jsBytes: scripts.reduce((sum, r) => sum + r.size, 0),
    scriptRequests: scripts.length,
    domContentLoaded: early.domContentLoaded,
    firstTap: firstAnswer - firstTap,
    htmlBytes: early.resources[0]?.size ?? 0,
    requests: before.length,
    fcp: early.fcp,
    lcp: early.lcp,
    firstAnswer,
    blocking: early.longTasks
      .filter((t) => t.start < firstAnswer)
      .reduce((sum, t) => sum + Math.max(0, Math.min(t.duration, firstAnswer - t.start) - 50), 0),
    cls: early.shifts.filter((s) => s.start < firstTap).reduce((sum, s) => sum + s.value, 0),
    transitions: [],
    submitToThankYou: null,
    inp: null,
    longestTaskAfter: 0,
    longestFrameAfter: '',
  };
  /** Long tasks and frames after the first answer, as last read before the submit. */
  const after = (seen: Observed) => {
    const tasks = seen.longTasks.filter((t) => t.start > firstAnswer);
    result.longestTaskAfter = Math.max(0, ...tasks.map((t) => t.duration));
    const frame = seen.frames
      .filter((f) => f.start > firstAnswer)
      .reduce<Observed['frames'][number] | null>((a, b) => (a === null || b.duration > a.duration ? b : a), null);
    result.longestFrameAfter = frame
      ? `${Math.round(frame.duration)} ms${frame.script ? `, ${frame.script}` : ''}`
      : '';
  };
  let lastSeen = early;
  /** The page's long animation frames as last read (--inp-log: those of each interaction). */
  let lastFrames = early.frames;
  /** The worst interaction, named by the step on screen when it happened (the survey page's clock). */
  const worstInp = () => {
    const worst = inpReports.reduce<InpReport | null>((a, b) => (a === null || b.value > a.value ? b : a), null);
    if (!worst) return null;
    const step = lastSeen.steps.filter((s) => s.at <= worst.at).at(-1)?.step ?? firstStep ?? '';
    return { ...worst, step };
  };

  const transition = async (act: () => Promise<boolean>) => {
    const from = await currentStep(page);
    const tapsBefore = (await observed(page)).taps.length;
    const final = await act();
    if (final) return true;
    await page.waitForFunction(
      (step) => {
        return (window.__bench?.steps.at(-1)?.step ?? step) !== step;
      },
      from,
      { timeout: 30_000 },
    );
    const now = await observed(page);
    after(now);
    lastSeen = now;
    lastFrames = now.frames;
    const tap = now.taps[tapsBefore] ?? now.taps.at(-1) ?? 0;
    result.transitions.push({ step: from, ms: (now.steps.at(-1)?.at ?? tap) - tap });
    return false;
  };

  if (way === 'finger') {
    await context.close();
    return result;
  }
  if (target.walk) {
    // The first answer is "time to first answer" above; the walk times every later tap on a live page.
    for (let i = 0; i < 40; i++) {
      const from = await currentStep(page);
      const tapsBefore = (await observed(page)).taps.length;
      const final = await transition(() => answer(page));
      if (!final) continue;
      // The submit: tap -> the overlay, then -> the thank-you page's first paint (it waits on the post).
      // Read in the same evaluation that sees the overlay: a quick post may leave the page right after it.
      const overlayShown = await page.waitForFunction(
        () => {
          const record = window.__bench;
          if (record?.steps.at(-1)?.step !== 'overlay') return null;
          return { taps: record.taps, steps: record.steps, frames: record.frames, origin: performance.timeOrigin };
        },
        undefined,
        { timeout: 30_000 },
      );
      const atOverlay = await overlayShown.jsonValue();
      if (!atOverlay) throw new Error('the overlay was never shown');
      lastFrames = atOverlay.frames;
      const tap = atOverlay.taps[tapsBefore] ?? 0;
      result.transitions.push({ step: from, ms: (atOverlay.steps.at(-1)?.at ?? tap) - tap });
      const surveyOrigin = atOverlay.origin;
      await page.waitForURL(/thank-you/, { timeout: 60_000 });
      await page.waitForFunction(() => (window.__bench?.fcp ?? 0) > 0);
      const thankYou = await page.evaluate(() => ({ fcp: window.__bench?.fcp ?? 0, origin: performance.timeOrigin }));
      // Both clocks count from their page's start: the difference of the two moments since the epoch.
      result.submitToThankYou = thankYou.origin + thankYou.fcp - (surveyOrigin + tap);
      break;
    }
  } else {
    for (let i = 0; i < FLOOR_TRANSITIONS; i++) {
      await transition(async () => {
        await page.locator('button[data-option]').first().click();
        return false;
      });
    }
    // The last tap's entry comes after its paint.
    await page.waitForTimeout(300);
  }
  result.inp = worstInp();
  if (INP_LOG) {
    for (const report of inpReports) {
      const step = lastSeen.steps.filter((s) => s.at <= report.at).at(-1)?.step ?? firstStep ?? '';
      console.log(
        `  INP ${target.name}: ${Math.round(report.value)} ms at ${Math.round(report.at)} ms on ${step} ` +
          `(${report.type} ${report.target}; input delay ${Math.round(report.inputDelay)}, processing ` +
          `${Math.round(report.processingDuration)}, presentation ${Math.round(report.presentationDelay)}; ${report.longestScript})`,
      );
      // The long frames it overlapped, each with its scripts (when, what, how long) and its rendering.
      for (const frame of lastFrames.filter(
        (f) => f.start < report.at + report.value && f.start + f.duration > report.at,
      ))
        console.log(`    frame ${Math.round(frame.start)} +${Math.round(frame.duration)} ms: ${frame.scripts}`);
    }
  }
  await context.close();
  return result;
}

/**
 * A load that times out on a busy shared machine is made once more, fresh, and said so in the output: one
 * stalled walk does not throw away the run.
 */
async function loadAgainOnce(browser: Browser, target: Target, way: TapWay): Promise<Load> {
  try {
    return await load(browser, target, way);
  } catch (error) {
    for (const context of browser.contexts()) await context.close();
    console.log(`  a load of ${target.name} (${way}) failed (${String(error).split('\n')[0]}); loading it again`);
    return load(browser, target, way);
  }
}

// ---------------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function range(values: number[], format: (v: number) => string): string {
  const finite = values.filter((v) => Number.isFinite(v));
  return `${format(median(finite))} (${format(Math.min(...finite))}–${format(Math.max(...finite))})`;
}

const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;
const num = (v: number) => String(Math.round(v));
const cls = (v: number) => v.toFixed(3);

async function main(): Promise<void> {
  console.log(`bench:web — ${RUNS} fresh loads per page, 4x CPU, slow 4G, 412x823`);
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (BUILD) {
    console.log('building the funnel for production…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'ignore' });
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const floorDir = path.join(work, 'floor');
  await buildFloor(floorDir);
  const [floorPort, funnelPort] = Number.isInteger(BASE_PORT)
    ? [BASE_PORT, BASE_PORT + 1]
    : [await freePort(), await freePort()];
  const floor = await serveFloor(floorDir, floorPort);
  const funnel = await startFunnel(funnelPort, path.join(work, 'data'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const chromiumVersion = browser.version();
  const allTargets: Target[] = [
    { name: 'floor: bare React 19, one question, three buttons', url: `http://127.0.0.1:${floorPort}/`, walk: false },
    { name: '/survey (extended)', url: `http://127.0.0.1:${funnelPort}/survey`, walk: true },
    { name: '/g (variant A)', url: `http://127.0.0.1:${funnelPort}/g`, walk: true },
    { name: '/survey/es (Spanish)', url: `http://127.0.0.1:${funnelPort}/survey/es`, walk: true },
  ];
  const targets = allTargets.filter((t, i) => i === 0 || ONLY === null || new URL(t.url).pathname === ONLY);
  if (targets.length < 2)
    throw new Error(
      `--only takes one of ${allTargets
        .slice(1)
        .map((t) => new URL(t.url).pathname)
        .join(', ')}`,
    );
  const results = new Map<string, Load[]>();
  const fingerResults = new Map<string, Load[]>();
  let lighthouseRun: LighthouseRun | null = null;
  try {
    // Interleaved, so a burst of load on the shared machine falls on every page alike.
    for (let run = 1; run <= RUNS; run++) {
      for (const target of targets) {
        const loads = results.get(target.name) ?? [];
        loads.push(await loadAgainOnce(browser, target, 'now'));
        results.set(target.name, loads);
        const fingerLoads = fingerResults.get(target.name) ?? [];
        fingerLoads.push(await loadAgainOnce(browser, target, 'finger'));
        fingerResults.set(target.name, fingerLoads);
      }
      console.log(`  run ${run}/${RUNS} done (load average ${os.loadavg()[0]?.toFixed(2)})`);
    }
    if (LIGHTHOUSE) {
      console.log('Lighthouse 12, mobile preset…');
      const at = (p: string) => `http://127.0.0.1:${funnelPort}${p}`;
      lighthouseRun = await runLighthouse(
        [
          { name: 'survey (/survey)', url: at('/survey') },
          { name: 'landing (/)', url: at('/') },
          { name: 'thank-you (/survey-thank-you/)', url: at(THANK_YOU_PATH) },
          { name: 'opt-out (/do-not-sell-my-information)', url: at('/do-not-sell-my-information') },
        ],
        CHROMIUM_PATH,
        Number.isInteger(BASE_PORT) ? BASE_PORT + 2 : undefined,
      );
    }
  } finally {
    await browser.close();
    await floor.close();
    funnel.kill('SIGTERM');
  }
  rmSync(work, { recursive: true, force: true });
  const report = format(targets, results, fingerResults, chromiumVersion, lighthouseRun);
  console.log(`\n${report}`);
  if (ONLY !== null) return;
  await writeBenchSection(path.join(ROOT, 'docs/benchmarks.md'), SECTION_HEADING, report);
  console.log('written to docs/benchmarks.md');
}

/** A thank-you page as the survey leaves for it (§7's query: the lead's contact, q=y when qualified). */
const THANK_YOU_PATH = '/survey-thank-you/?email=maria.lopez%40example.com&phone=5125550100&q=y';

const SECTION_HEADING = '## Web (`npm run bench:web`) — issue 10';
function format(
  targets: Target[],
  results: Map<string, Load[]>,
  fingerResults: Map<string, Load[]>,
  chromiumVersion: string,
  lighthouseRun: LighthouseRun | null,
): string {
  const floorLoads = results.get(targets[0]?.name ?? '') ?? [];
  const floorTransition = median(floorLoads.flatMap((l) => l.transitions.map((t) => t.ms)));
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines: string[] = [
    SECTION_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${cpu},`,
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, Chromium ${chromiumVersion}; load average at the end`,
    `${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (the machine is shared: read the ratios to the floor, measured in the same run).`,
    '',
    `${RUNS} fresh loads per page (interleaved), 4x CPU slowdown, slow 4G (150 ms, 1.6 Mbps down, 750 kbps up),`,
    '412x823 at DPR 1.75. Each load taps the first answer the moment it shows and times the second question',
    `on screen; the survey routes then walk to the thank-you page, pausing ${READING_PAUSE_MS} ms after the last field`,
    'of a form step as a visitor does before the button. `npm run bench:web` (bench/web.ts) writes this section.',
    '',
    "Median (min–max); × = the median over the floor's.",
    '',
    '| page | JS before first answer | HTML | requests | script requests | FCP | DOMContentLoaded | LCP | time to first answer | first tap → next question | blocking before it | CLS before it |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const floorMedian = (pick: (l: Load) => number) => median(floorLoads.map(pick));
  const cell = (loads: Load[], pick: (l: Load) => number, f: (v: number) => string, isFloor: boolean) => {
    const base = range(loads.map(pick), f);
    const ratio = median(loads.map(pick)) / floorMedian(pick);
    return isFloor || !Number.isFinite(ratio) ? base : `${base} ${ratio.toFixed(2)}×`;
  };
  for (const [index, target] of targets.entries()) {
    const loads = results.get(target.name) ?? [];
    const isFloor = index === 0;
    lines.push(
      `| ${target.name} | ${cell(loads, (l) => l.jsBytes, kb, isFloor)} | ${cell(loads, (l) => l.htmlBytes, kb, isFloor)} | ` +
        `${cell(loads, (l) => l.requests, num, isFloor)} | ${cell(loads, (l) => l.scriptRequests, num, isFloor)} | ` +
        `${cell(loads, (l) => l.fcp, ms, isFloor)} | ${cell(loads, (l) => l.domContentLoaded, ms, isFloor)} | ` +
        `${cell(loads, (l) => l.lcp, ms, isFloor)} | ` +
        `${cell(loads, (l) => l.firstAnswer, ms, isFloor)} | ${cell(loads, (l) => l.firstTap, ms, isFloor)} | ` +
        `${cell(loads, (l) => l.blocking, ms, isFloor)} | ` +
        `${range(
          loads.map((l) => l.cls),
          cls,
        )} |`,
    );
  }
  // Issue 33 item 4: the first answer tapped as a finger taps it, each page against the floor tapped so.
  const fingerFloor = fingerResults.get(targets[0]?.name ?? '') ?? [];
  const fingerCell = (loads: Load[], pick: (l: Load) => number, f: (v: number) => string, isFloor: boolean) => {
    const base = range(loads.map(pick), f);
    const ratio = median(loads.map(pick)) / median(fingerFloor.map(pick));
    return isFloor || !Number.isFinite(ratio) ? base : `${base} ${ratio.toFixed(2)}×`;
  };
  lines.push(
    '',
    "The finger's way (issue 33): the first answer tapped once it is visible, enabled, the element at its",
    'centre and its box still for two frames, by a touch at that centre; a fresh load each, no walk.',
    '',
    '| page | script requests before first answer | DOMContentLoaded | time to first answer | first tap → next question |',
    '|---|---|---|---|---|',
  );
  for (const [index, target] of targets.entries()) {
    const loads = fingerResults.get(target.name) ?? [];
    const isFloor = index === 0;
    lines.push(
      `| ${target.name} | ${fingerCell(loads, (l) => l.scriptRequests, num, isFloor)} | ` +
        `${fingerCell(loads, (l) => l.domContentLoaded, ms, isFloor)} | ` +
        `${fingerCell(loads, (l) => l.firstAnswer, ms, isFloor)} | ${fingerCell(loads, (l) => l.firstTap, ms, isFloor)} |`,
    );
  }
  // Issue 33 item 4: INP of every tap of a full walk (the floor: its taps), web-vitals' attribution.
  lines.push(
    '',
    "INP (issue 33): each walk's worst interaction as the `web-vitals` library's attribution build reports it",
    '(injected by the bench; the product does not ship it), every tap and key of the walk from the first answer',
    "(tapped before the app is live) to the submit; the floor's: its first answer and its six taps. Budget: every",
    'tap of a walk ≤ 100 ms at 4x CPU.',
    '',
    ...inpRows(
      targets.map((target) => ({
        name: target.name,
        walks: (results.get(target.name) ?? []).map((l) => l.inp),
      })),
    ),
    '',
    'After the first answer (issue 33 item 3), up to the last step before the submit: the longest task, and',
    'the longest animation frame with its longest script (the walk where that frame was longest).',
    '',
    '| page | longest task after the first answer | longest frame after it |',
    '|---|---|---|',
  );
  for (const target of targets) {
    const loads = results.get(target.name) ?? [];
    const frameOf = (l: Load) => Number(/^\d+/.exec(l.longestFrameAfter)?.[0] ?? NaN);
    const worstFrame = loads.reduce<Load | null>(
      (a, b) => (a === null || (frameOf(b) || 0) > (frameOf(a) || 0) ? b : a),
      null,
    );
    lines.push(
      `| ${target.name} | ${range(
        loads.map((l) => l.longestTaskAfter),
        ms,
      )} | ${worstFrame?.longestFrameAfter || '—'} |`,
    );
  }
  if (lighthouseRun) {
    lines.push(
      '',
      `Lighthouse ${lighthouseRun.version}, mobile preset (its default: simulated slow 4G, 4x CPU), one run per page;`,
      `its measure of this machine (benchmarkIndex) ${lighthouseRun.benchmarkIndex.join(', ')} (its simulation`,
      'scales what it observed here; a quiet desktop measures ~1500–2500).',
      '',
      ...lighthouseRows(lighthouseRun.pages),
    );
  }
  lines.push(
    '',
    `Floor tap → next question: ${range(
      floorLoads.flatMap((l) => l.transitions.map((t) => t.ms)),
      ms,
    )}.`,
    '',
  );
  for (const target of targets.slice(1)) {
    const loads = results.get(target.name) ?? [];
    const steps = loads[0]?.transitions.map((t) => t.step) ?? [];
    lines.push(
      `### ${target.name}: tap → next screen on a full walk`,
      '',
      '| step answered | tap → next screen |',
      '|---|---|',
    );
    for (const [i, step] of steps.entries()) {
      const values = loads.map((l) => l.transitions[i]?.ms ?? NaN);
      lines.push(`| ${step}${i === steps.length - 1 ? ' (submit: tap → overlay)' : ''} | ${range(values, ms)} |`);
    }
    const sums = loads.map((l) => l.transitions.reduce((sum, t) => sum + t.ms, 0));
    const allowed = floorTransition * steps.length;
    lines.push(
      '',
      `Walk of ${steps.length} transitions: ${range(sums, ms)}; the floor's ${ms(floorTransition)} × ${steps.length} = ${ms(allowed)}; ` +
        `ratio ${(median(sums) / allowed).toFixed(2)}×. Slowest transition (median per step): ` +
        `${ms(Math.max(...steps.map((_, i) => median(loads.map((l) => l.transitions[i]?.ms ?? NaN)))))}.`,
      `Submit → thank-you page painted (waits on the post, §4): ${range(
        loads.map((l) => l.submitToThankYou ?? NaN),
        ms,
      )}.`,
      '',
    );
  }
  return lines.join('\n');
}

await main();
