import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script until the returned function is called: until then the page is the server's
 * HTML and the inline capture script only (issue 10), as for a visitor on a slow network.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
