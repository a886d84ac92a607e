/**
 * The two brands by their real host names (issue 12): Chromium resolves them to this machine, so each
 * request carries the brand's Host header, as in production. Plain HTTP on those names is treated as a
 * secure context, as production's HTTPS is (the survey itself needs none: e2e/tests/plain-http.spec.ts).
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { E2E_PORT } from './e2e-env';

export const BRAND_HOSTS = {
  'claim-check': 'accidentclaimcheck.com',
  'injury-finder': 'injurycasefinder.com',
} as const;
export type BrandKey = keyof typeof BRAND_HOSTS;

export function brandOrigin(brand: BrandKey): string {
  return `http://${BRAND_HOSTS[brand]}:${E2E_PORT}`;
}

/** Chromium's flag that resolves both brands' hosts to this machine. */
export const BRAND_HOST_RULES = `--host-resolver-rules=${Object.values(BRAND_HOSTS)
  .map((host) => `MAP ${host} 127.0.0.1`)
  .join(', ')}`;

/** Chromium's flag that treats the brands served over plain HTTP on `port` as secure, as HTTPS is. */
export function brandsTreatedAsSecure(port: number | string): string {
  return `--unsafely-treat-insecure-origin-as-secure=${Object.values(BRAND_HOSTS)
    .map((host) => `http://${host}:${port}`)
    .join(',')}`;
}

export const BRAND_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, BRAND_HOST_RULES, brandsTreatedAsSecure(E2E_PORT)],
};
