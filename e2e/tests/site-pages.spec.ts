/**
 * The pages around the survey (issue 12) in a real browser against the real server: every page in both
 * languages and both brands (chosen by the Host header), the landing form starting the survey, the
 * thank-you pages (§2) with the compensation meter (§9), the 404 page, keyboard focus. Screenshots of each
 * page at 375 and 1280 px go to test-results/screenshots (not committed).
 */
import { COMPENSATION_INITIAL, readCompensation, readCompLevel, estimateSettlement } from '@app/funnel';
import { expect, test, type Page } from '@playwright/test';
import { holdTheApp } from './hold-the-app';
import { BRAND_LAUNCH_OPTIONS, brandOrigin, type BrandKey } from '../brand-hosts';

test.use({ launchOptions: BRAND_LAUNCH_OPTIONS });

const SHOTS = 'test-results/screenshots';
const BRANDS: readonly BrandKey[] = ['claim-check', 'injury-finder'];
const BRAND_NAMES: Record<BrandKey, string> = {
  'claim-check': 'Accident Claim Check',
  'injury-finder': 'Injury Case Finder',
};

const PAGES = [
  { path: '/', name: 'landing', h1: { en: 'Hurt in a car accident?', es: '¿Se lesionó en un accidente de auto?' } },
  {
    path: '/do-not-sell-my-information',
    name: 'opt-out',
    h1: { en: 'Do Not Sell or Share My Personal Information', es: 'No vender ni compartir mi información personal' },
  },
  { path: '/privacy-policy', name: 'privacy-policy', h1: { en: 'Privacy Policy', es: 'Política de privacidad' } },
  { path: '/terms-of-use', name: 'terms-of-use', h1: { en: 'Terms of Use', es: 'Términos de uso' } },
  { path: '/sponsors', name: 'sponsors', h1: { en: 'Our Sponsors', es: 'Nuestros patrocinadores' } },
  {
    path: '/survey-thank-you/?q=y&show-meter=yes&cl=5',
    name: 'thank-you',
    // Issue 28: with the meter shown, the headline says its band (§9 "50000 High Value (5)").
    h1: {
      en: 'Thank you! Your claim may be in the High Value range.',
      es: '¡Gracias! Su reclamo podría estar en el rango de valor alto.',
    },
  },
  {
    path: '/survey-thank-you-v3b/?q=n',
    name: 'thank-you',
    h1: { en: 'Thank you for your submission.', es: 'Gracias por enviar su información.' },
  },
  {
    path: '/survey-thank-you-v7/?q=y',
    name: 'thank-you',
    h1: {
      en: 'Thank you! Your accident may be worth mid to high value.',
      es: '¡Gracias! Su caso podría tener un valor de medio a alto.',
    },
  },
  {
    path: '/survey-v5-thank-you/?q=y',
    name: 'thank-you',
    h1: {
      en: 'Thank you! Your accident may be worth mid to high value.',
      es: '¡Gracias! Su caso podría tener un valor de medio a alto.',
    },
  },
  {
    path: '/ticket-thank-you/?affid=1&sub_id=1',
    name: 'thank-you',
    h1: {
      en: 'Thank you! Your traffic ticket review request is in.',
      es: '¡Gracias! Recibimos su solicitud de revisión de multa de tránsito.',
    },
  },
] as const;

function withLang(path: string, language: 'en' | 'es'): string {
  if (language === 'en') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=es`;
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

for (const brand of BRANDS) {
  for (const language of ['en', 'es'] as const) {
    for (const { path, name, h1 } of PAGES) {
      test(`${brand} ${language}: ${path}`, async ({ page }) => {
        const response = await page.goto(`${brandOrigin(brand)}${withLang(path, language)}`);
        const hidden = name === 'sponsors' && brand === 'injury-finder';
        expect(response?.status()).toBe(hidden ? 404 : 200);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
        if (hidden) {
          // §1: the Sponsors link is hidden on this brand, and the page itself answers 404.
          await expect(page.locator('h1')).toHaveText(language === 'es' ? 'Página no encontrada' : 'Page not found');
        } else {
          await expect(page.locator('h1')).toContainText(h1[language]);
          await expect(page.locator(`[data-page="${name}"]`)).toBeVisible();
        }
        // The footer of every page: its links, the sponsors one only on the brand that shows it.
        const footer = page.locator('footer.site-footer');
        await expect(footer).toContainText(
          language === 'es' ? '100% seguro y confidencial.' : '100% secure and confidential.',
        );
        // §1's average settlement claim is about accidents: not on the ticket's page (issue 28).
        if (path.startsWith('/ticket')) await expect(footer).not.toContainText(/\$20(K|,000)/);
        else await expect(footer).toContainText(/\$20(K|,000)/);
        // Issue 28: every tab names the brand.
        await expect(page).toHaveTitle(new RegExp(` · ${BRAND_NAMES[brand]}$`));
        await expect(footer.locator('a[href^="/privacy-policy"]')).toHaveCount(1);
        await expect(footer.locator('a[href^="/terms-of-use"]')).toHaveCount(1);
        await expect(footer.locator('a[href^="/do-not-sell-my-information"]')).toHaveCount(1);
        await expect(footer.locator('a[href^="/sponsors"]')).toHaveCount(brand === 'claim-check' ? 1 : 0);
        if (language === 'es') await expect(footer.locator('a[href="/privacy-policy?lang=es"]')).toHaveCount(1);
        await shoot(page, `${brand}-${language}-${path.replace(/[^a-z0-9]+/gi, '_')}`);
      });
    }
  }
}

// Without a brand host (127.0.0.1): the default brand.
test('the page’s first content is in the server’s HTML, before any script', async ({ request }) => {
  for (const { path, h1 } of PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(h1.en.replace(/'/g, '&#x27;'));
  }
  const policy = await (await request.get('/privacy-policy?lang=es')).text();
  expect(policy).toContain('<h2 id="california-resident">Residentes de California</h2>');
});

test('the #california-resident link opens the privacy policy’s California section', async ({ page }) => {
  await page.goto(`${brandOrigin('claim-check')}/privacy-policy#california-resident`);
  await expect(page.locator('#california-resident')).toBeInViewport();
  await expect(page.locator('#california-resident')).toHaveText('California residents');
});

test('the landing form asks the first question, announces a missing answer and starts the survey with it', async ({
  page,
}) => {
  await page.goto(`${brandOrigin('claim-check')}/?sub1=ad-7&affid=252`);
  // The call-tracking number of affid 252 (brands.json phoneByAffid), in the header and the call button.
  await expect(page.locator('.site-header__call')).toHaveAttribute('href', 'tel:+18005550142');
  await page.getByRole('button', { name: 'Start my free review' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose the kind of accident' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Car accident' })).toBeFocused();
  await page.getByRole('radio', { name: 'Truck accident' }).check();
  await page.getByRole('button', { name: 'Start my free review' }).first().click();
  await page.waitForURL(/\/survey\?/);
  // StartPath is answered: the survey shows its second step, and the start parameter is gone.
  await expect(page.locator('section[data-step="AutoAccidentCaseWorth"]:visible')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('start')).toBeNull();
  expect(new URL(page.url()).searchParams.get('sub1')).toBe('ad-7');
  // Issue 28: the survey shows the landing's number (one number per visit).
  await expect(page.locator('.site-header__call')).toHaveAttribute('href', 'tel:+18005550142');
});

// Issue 28, §3 "Phone number state: call-tracking number …": one number per visit, from one rule
// (brand/call-number.ts): the URL's affid, else the route's (/survey/tt is affid 252 by route, §3).
test('one call number per visit: landing, survey and thank-you, and across the language switch', async ({
  page,
  request,
}) => {
  const AFFILIATE = '8005550142';
  const number = page.locator('.site-header__call');
  // The server's HTML already has it (no other number before the app is live, no hydration mismatch).
  for (const path of ['/?affid=252', '/survey?affid=252', '/survey/tt', '/survey-thank-you/?q=y&affid=252']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-call-number="${AFFILIATE}"`);
  }
  await page.goto(`${brandOrigin('claim-check')}/?affid=252`);
  await expect(number).toHaveAttribute('data-call-number', AFFILIATE);
  // The landing's language switch keeps the visit's affid.
  await page.locator('.site-header__language').click();
  await page.waitForURL(/\/\?lang=es&affid=252$/);
  await expect(number).toHaveAttribute('data-call-number', AFFILIATE);
  await page.goto(`${brandOrigin('claim-check')}/survey/tt`);
  await expect(number).toHaveAttribute('data-call-number', AFFILIATE);
  // The survey's switch opens the Spanish survey credited to the same source (the route's affid and oid).
  await page.locator('.site-header__language').click();
  await page.waitForURL(/\/survey\/es\?affid=252&oid=114$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(number).toHaveAttribute('data-call-number', AFFILIATE);
  await page.goto(`${brandOrigin('claim-check')}/survey-thank-you/?q=y&affid=252`);
  await expect(number).toHaveAttribute('data-call-number', AFFILIATE);
  await expect(page.locator('[data-review-button]')).toHaveAttribute('href', `tel:+1${AFFILIATE}`);
});

test('the Spanish landing opens the Spanish survey', async ({ page }) => {
  await page.goto(`${brandOrigin('injury-finder')}/?lang=es`);
  await page.getByRole('radio', { name: 'Accidente de auto' }).check();
  await page.getByRole('button', { name: 'Comenzar mi revisión gratuita' }).first().click();
  await page.waitForURL(/\/survey\/es(\?|$)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('section[data-step]:visible')).not.toHaveAttribute('data-step', 'StartPath');
});

test('the landing form sent before the app is live is sent once it is: with its answer and tracking, or told what is missing', async ({
  page,
}) => {
  let release = await holdTheApp(page);
  await page.goto(`${brandOrigin('claim-check')}/?sub1=ad-9`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Start my free review' }).first().click();
  release();
  // Nothing chosen: the page's own handler, once live, says what is missing.
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose the kind of accident' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  await page.unrouteAll();
  release = await holdTheApp(page);
  await page.goto(`${brandOrigin('injury-finder')}/?lang=es&sub1=ad-9`, { waitUntil: 'commit' });
  await page.getByRole('radio', { name: 'Accidente de camión de carga o tráiler' }).check();
  await page.getByRole('button', { name: 'Comenzar mi revisión gratuita' }).first().click();
  release();
  await page.waitForURL(/\/survey\/es\?/);
  expect(new URL(page.url()).searchParams.get('sub1')).toBe('ad-9');
  await expect(page.locator('section[data-step]:visible')).not.toHaveAttribute('data-step', 'StartPath');
});

test('the thank-you page is Spanish with lang=es after a doubled question mark (§1, §2)', async ({ page }) => {
  await page.goto(`${brandOrigin('claim-check')}/survey-thank-you/??email=a%40b.co&q=y&lang=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('h1')).toHaveText('¡Gracias! Su caso podría tener un valor de medio a alto.');
  await expect(page.locator('.next-steps__item')).toHaveCount(4);
  await expect(page.locator('[data-review-button]')).toContainText('Obtener mi revisión gratuita');
});

test('qualified: four next steps and the claim review button; disqualified: its own text (§2, §7)', async ({
  page,
}) => {
  await page.goto(`${brandOrigin('claim-check')}/survey-thank-you/?q=y`);
  await expect(page.locator('.next-steps__title')).toHaveText([
    'Confirmation',
    'Attorney follow-up',
    'Case activation',
    'Settlement',
  ]);
  await expect(page.locator('[data-review-button]')).toHaveAttribute('href', 'tel:+18005550199');
  await expect(page.locator('.meter')).toHaveCount(0);
  await page.goto(`${brandOrigin('claim-check')}/survey-thank-you/?q=n&is_disqualified=true`);
  await expect(page.locator('[data-qualified="no"] h1')).toHaveText('Thank you for your submission.');
  await expect(page.locator('[data-review-button]')).toBeVisible();
});

// Issue 28: each visitor is told what is true for them; no value claim where none is theirs.
test('the thank-you says what is true: no q, a DUI case, an invalid cl (§2, §7, §9)', async ({ page }) => {
  const cases = [
    // No verdict in the query: the answers are in, no promise, no meter.
    ['/survey-thank-you/?show-meter=yes&cl=4', 'Thank you! We have received your information.', 0, 0],
    // A DUI visitor hears no accident value claim and sees no meter.
    ['/survey-thank-you/?q=y&case=dui&show-meter=yes&cl=6', 'Thank you! Your case review request is in.', 0, 4],
    // A cl that is not a compLevel shows no meter, so no $5,000 as if it were theirs: §2's text.
    ['/survey-thank-you/?q=y&show-meter=yes&cl=abc', 'Thank you! Your accident may be worth mid to high value.', 0, 4],
  ] as const;
  for (const [path, title, meters, steps] of cases) {
    await page.goto(`${brandOrigin('claim-check')}${path}`);
    await expect(page.locator('h1'), path).toHaveText(title);
    await expect(page.locator('.meter'), path).toHaveCount(meters);
    await expect(page.locator('.next-steps__item'), path).toHaveCount(steps);
    if (!path.includes('cl=abc')) await expect(page.locator('main'), path).not.toContainText(/mid to high/i);
    await expect(page.locator('main'), path).not.toContainText('$5,000');
  }
});

/** The meter once its animation has ended. */
async function settledMeter(page: Page) {
  const meter = page.locator('svg.meter__svg');
  await expect(meter).toHaveAttribute('data-settled', 'yes', { timeout: 10_000 });
  return meter;
}

test.describe('the compensation meter (§9)', () => {
  test('starts at 5000 in the server’s HTML, then moves to the estimate of cl', async ({ page, request }) => {
    const html = await (await request.get('/survey-thank-you/?q=y&show-meter=yes&cl=6')).text();
    expect(html).toContain(`data-amount="${COMPENSATION_INITIAL}"`);
    expect(html).toContain(`data-offset-px="${readCompensation(COMPENSATION_INITIAL).offsetPx.toFixed(3)}"`);
    await page.goto(`${brandOrigin('claim-check')}/survey-thank-you/?q=y&show-meter=yes&cl=6`);
    const meter = await settledMeter(page);
    await expect(meter).toHaveAttribute('data-amount', '100000');
    await expect(page.locator('.meter__result')).toHaveText('Estimated value: up to $100,000 · Very High Value');
  });

  // §9: seven bands of 60.71 px; a compLevel reads as the top of its band; 7 is the 249500 cap at full bar.
  // Issue 28: the headline says the meter's band (§9 labels), for each level. One test, one page per cl.
  test('cl 1–7 (and band amounts): the mark at the band’s place, the headline its label', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const cl of ['1', '2', '3', '4', '5', '6', '7', '25000', '250000']) {
      const expected = readCompLevel(cl);
      if (!expected) throw new Error(`cl ${cl} is no compLevel`);
      await page.goto(`${brandOrigin('claim-check')}/survey-thank-you/?q=y&show-meter=yes&cl=${cl}`);
      await expect(page.locator('h1'), cl).toHaveText(`Thank you! Your claim may be in the ${expected.label} range.`);
      const meter = await settledMeter(page);
      await expect(meter).toHaveAttribute('data-offset-px', expected.offsetPx.toFixed(3));
      await expect(meter).toHaveAttribute('data-level', String(expected.level));
      // The mark is drawn where the reading says: from the bar's bottom (8 px padding + 7 × 60.71 px).
      const markY = Number(await page.locator('.meter__mark').getAttribute('data-mark-y'));
      expect(markY).toBeCloseTo(8 + 7 * 60.71 - expected.offsetPx, 2);
      if (cl === '7' || cl === '250000') expect(expected.positionPercent).toBe(100);
    }
  });

  test('without cl, the estimate is fetched and the mark sits proportionally within its band', async ({ page }) => {
    const query = { specific_injury: 'Whiplash', treatment_type: 'Ambulance' } as const;
    const estimate = estimateSettlement(query);
    const expected = readCompensation(estimate.amount);
    // 12500 × 1.5 = 18750: inside band 4 (12501–25000), not at its top.
    expect(expected.level).toBe(4);
    expect(expected.offsetPx % 60.71).toBeGreaterThan(1);
    await page.goto(
      `${brandOrigin('claim-check')}/survey-thank-you/?q=y&show-meter=yes&specific_injury=Whiplash&treatment_type=Ambulance`,
    );
    const meter = await settledMeter(page);
    await expect(meter).toHaveAttribute('data-amount', String(Math.round(expected.amount)));
    await expect(meter).toHaveAttribute('data-offset-px', expected.offsetPx.toFixed(3));
  });

  test('the Spanish meter labels its bands in Spanish', async ({ page }) => {
    await page.goto(`${brandOrigin('injury-finder')}/survey-thank-you/?q=y&show-meter=yes&cl=3&lang=es`);
    await settledMeter(page);
    await expect(page.locator('.meter__label')).toHaveText([
      'Valor bajo',
      'Valor bajo a medio',
      'Valor medio',
      'Valor medio a alto',
      'Valor alto',
      'Valor muy alto',
      'Valor extremadamente alto',
    ]);
  });
});

test('a 404 speaks the page’s language', async ({ page }) => {
  const response = await page.goto(`${brandOrigin('claim-check')}/no-such-page?lang=es`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('h1')).toHaveText('Página no encontrada');
});

test('keyboard: the skip link comes first, focus is always visible', async ({ page }) => {
  await page.goto(`${brandOrigin('claim-check')}/`);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? getComputedStyle(el).outlineStyle : 'none';
    });
    expect(outline).not.toBe('none');
  }
});

// Issue 28: the Sponsors page lists the firms leads go to (the buyers, from the same data as routing and
// the consent step), under the names the consent step shows, and reads at 320–430 px without a word cut.
test('the Sponsors page lists the buyers leads go to, by the consent step’s names, no word broken at 320 px', async ({
  page,
}) => {
  for (const width of [320, 430]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${brandOrigin('claim-check')}/sponsors`);
    const items = page.locator('.legal li');
    const listed = await items.allInnerTexts();
    for (const firm of ['Harper & Vance Injury Lawyers, LLP', 'Lone Star Injury Lawyers', 'Delgado Martin Law Group'])
      expect(listed.some((item) => item.startsWith(`${firm}: takes cases in`))).toBe(true);
    expect(listed.join('\n')).toContain('Lone Star Injury Lawyers: takes cases in Texas');
    // Not the lead-ingest service (no sponsor), nor the placeholder firms the consent step once showed.
    expect(listed.join('\n')).not.toMatch(/Lead-ingest|^Partner Law Firm \d/m);
    // Every word of every item on one line: a word split across lines has two boxes.
    const cut = await page.evaluate(() => {
      const broken: string[] = [];
      for (const item of Array.from(document.querySelectorAll('.legal li'))) {
        const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (range.getClientRects().length > 1) broken.push(match[0]);
          }
        }
      }
      return broken;
    });
    expect(cut).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/sponsors-${width}.png`, fullPage: true });
  }
});
