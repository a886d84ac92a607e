/**
 * Issue 13, spec §3, §6, §7, §9: every third-party tag is configuration. GET /api/page-config names each
 * configured script (null otherwise), and the CSP allows a tag's origin only when it is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageConfigSchema } from '@app/funnel';
import { startTestServer, type TestServer } from './start-test-server';

const TAG_ENV = {
  CLICK_TRACKER_SCRIPT_URL: 'https://click.example.test/ef.js',
  CALL_TRACKING_SCRIPT_URL: 'https://calls.example.test/number.js',
  AD_SCRIPT_URL: 'https://ads.example.test/ad.js',
  INJURY_PIXEL_URL: 'https://pixel.example.test/injury.js',
  TICKET_PIXEL_URL: 'https://pixel.example.test/ticket.js',
  SOCIAL_PIXEL_URL: 'https://social.example.test/pixel.js?id=42',
  DUI_INJURY_SCRIPT_URL: 'https://dui.example.test/tag.js',
};
const ORIGINS = [
  'https://click.example.test',
  'https://calls.example.test',
  'https://ads.example.test',
  'https://pixel.example.test',
  'https://social.example.test',
  'https://dui.example.test',
];

let tagged: TestServer;
let plain: TestServer;
beforeAll(async () => {
  tagged = await startTestServer({ env: TAG_ENV });
  plain = await startTestServer();
});
afterAll(async () => {
  await tagged.close();
  await plain.close();
});

describe('GET /api/page-config: the tags (issue 13)', () => {
  it('names each configured script', async () => {
    const config = PageConfigSchema.parse(await (await fetch(`${tagged.url}/api/page-config`)).json());
    expect(config.tags).toEqual({
      jornaya: null,
      trustedForm: null,
      clickTracker: TAG_ENV.CLICK_TRACKER_SCRIPT_URL,
      callTracking: TAG_ENV.CALL_TRACKING_SCRIPT_URL,
      adScript: TAG_ENV.AD_SCRIPT_URL,
      injuryPixel: TAG_ENV.INJURY_PIXEL_URL,
      ticketPixel: TAG_ENV.TICKET_PIXEL_URL,
      socialPixel: TAG_ENV.SOCIAL_PIXEL_URL,
      duiInjuryScript: TAG_ENV.DUI_INJURY_SCRIPT_URL,
    });
  });

  it('none configured: every tag is null', async () => {
    const config = PageConfigSchema.parse(await (await fetch(`${plain.url}/api/page-config`)).json());
    expect(Object.values(config.tags).every((url) => url === null)).toBe(true);
  });
});

describe('the CSP names a tag origin only when it is configured', () => {
  it('configured: script-src, img-src and connect-src allow each origin once', async () => {
    const policy = (await fetch(`${tagged.url}/api/page-config`)).headers.get('content-security-policy') ?? '';
    for (const directive of ['script-src', 'img-src', 'connect-src']) {
      const sources = policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === directive);
      for (const origin of ORIGINS)
        expect(
          sources?.filter((s) => s === origin),
          `${directive} ${origin}`,
        ).toHaveLength(1);
    }
  });

  it('not configured: none of them', async () => {
    const policy = (await fetch(`${plain.url}/api/page-config`)).headers.get('content-security-policy') ?? '';
    for (const origin of ORIGINS) expect(policy).not.toContain(origin);
  });
});
