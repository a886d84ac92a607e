/**
 * Debian's Chromium, never a downloaded browser (no browser download works on our machines).
 * The flags keep Chromium from calling Google's services, which this network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
