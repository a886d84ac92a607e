import { describe, expect, it } from 'vitest';
import { flowById } from '../src/flows/flow-registry';
import { funnelPaths, languageOf, resolveRoute, ROUTES } from '../src/routes/route-registry';

describe('route registry (§2 "Pages and paths", §9)', () => {
  it.each([
    ['/survey', 'extended', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey/', 'extended', 'en', '/survey-thank-you/', '81', '1'],
    ['/SURVEY', 'extended', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey/es', 'spanish', 'es', '/survey-thank-you/', '56', '1'],
    ['/surveyes', 'spanish', 'es', '/survey-thank-you/', '57', '1'],
    ['/surveyes/anything', 'spanish', 'es', '/survey-thank-you/', '57', '1'],
    ['/survey/v4nv-ep', 'v4nv-consent', 'en', '/survey-thank-you/', '101', '1'],
    ['/survey/v4nv-rz', 'v4nv', 'en', '/survey-thank-you/', '102', '1'],
    ['/surveyv4nv', 'v4nv', 'en', '/survey-thank-you/', '85', '1'],
    ['/survey/v4nv-es', 'v4nv-spanish', 'es', '/survey-thank-you/', '86', '1'],
    ['/survey/v4nv-d1', 'v4nv-consent', 'en', '/survey-thank-you/', '80', '1'],
    ['/survey/v4nv-d2', 'v4nv-consent', 'en', '/survey-thank-you/', '80', '1'],
    ['/survey/v4nv-x1', 'v4nv-consent', 'en', '/survey-thank-you/', '80', '1'],
    ['/surveyv4g', 'v4g', 'en', '/survey-thank-you/', '112', '1'],
    ['/survey/vw', 'vw3', 'en', '/survey-thank-you/', '113', '1'],
    ['/survey/tt', 'social-video', 'en', '/survey-thank-you/', '114', '252'],
    ['/survey/ig', 'social-video', 'en', '/survey-thank-you/', '114', '252'],
    ['/survey/insta', 'social-video', 'en', '/survey-thank-you/', '114', '252'],
    ['/survey/yt', 'social-video', 'en', '/survey-thank-you/', '114', '252'],
    ['/yt', 'social-video', 'en', '/survey-thank-you/', '114', '252'],
    ['/survey/fb', 'social-drop', 'en', '/survey-thank-you/', '196', '107'],
    ['/f', 'social-drop', 'en', '/survey-thank-you/', '196', '107'],
    ['/survey-google', 'variant-a', 'en', '/survey-thank-you/', '152', '340'],
    ['/g', 'variant-a', 'en', '/survey-thank-you/', '152', '340'],
    ['/g2', 'variant-b', 'en', '/survey-thank-you/', '160', '340'],
    ['/survey/v2', 'variant-c', 'en', '/survey-thank-you/', '188', '1'],
    ['/survey/v3', 'short', 'en', '/survey-thank-you/', '235', '1'],
    ['/survey/v4', 'medical', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey/v5', 'v5', 'en', '/survey-v5-thank-you/', '81', '1'],
    ['/surveyv5nv', 'v5', 'en', '/survey-v5-thank-you/', '81', '1'],
    ['/survey/v6', 'one-page-form', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey/v7', 'v7', 'en', '/survey-thank-you-v7/', '81', '1'],
    ['/form', 'multi-step-form', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey-sd/v3', 'short-2', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey-sd/v3b', 'name-first-short', 'en', '/survey-thank-you-v3b/', '81', '1'],
    ['/survey-sdv3b', 'name-first-short', 'en', '/survey-thank-you-v3b/', '81', '1'],
    ['/survey-sd/v4', 'plain-short', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey-sl', 'minimal', 'en', '/survey-thank-you/', '81', '1'],
    ['/survey/dui', 'dui', 'en', '/survey-thank-you/', '81', '1'],
    ['/ticket', 'ticket', 'en', '/ticket-thank-you/', '81', '1'],
    ['/survey/eligibility', 'eligibility', 'en', '/survey-thank-you/', '81', '1'],
  ])('%s → %s (%s), thank-you %s, oid %s, affid %s', (path, variant, language, thankYou, oid, affid) => {
    expect(resolveRoute(path)).toMatchObject({ variant, language, thankYou: { path: thankYou }, oid, affid });
  });

  it.each(['/', '/surveys', '/survey/v9', '/survey-thank-you', '/g3'])('%s is not a funnel path', (path) => {
    expect(resolveRoute(path)).toBeUndefined();
  });

  it('names a known flow for every route and a path for every flow', () => {
    for (const r of ROUTES) expect(flowById(r.variant), r.path).toBeDefined();
    const routed = new Set(ROUTES.map((r) => r.variant));
    expect(
      new Set([
        'extended',
        'spanish',
        'v4nv',
        'v4nv-spanish',
        'v4nv-consent',
        'v4g',
        'variant-a',
        'variant-b',
        'variant-c',
        'social-drop',
        'short',
        'medical',
        'dui',
        'vw3',
        'social-video',
        'short-2',
        'minimal',
        'name-first-short',
        'plain-short',
        'ticket',
        'eligibility',
        'multi-step-form',
        'one-page-form',
        'v5',
        'v7',
      ]),
    ).toEqual(routed);
  });

  it('uses each §9 oid override and affid override', () => {
    const oids = new Set(ROUTES.map((r) => r.oid));
    for (const oid of [
      '56',
      '57',
      '101',
      '102',
      '85',
      '86',
      '80',
      '112',
      '113',
      '114',
      '196',
      '152',
      '160',
      '188',
      '235',
    ])
      expect(oids).toContain(oid);
    const affids = new Set(ROUTES.map((r) => r.affid));
    for (const affid of ['107', '252', '340']) expect(affids).toContain(affid);
  });

  it('marks the older versions for the inactive-phone rule (§5)', () => {
    const legacy = ROUTES.filter((r) => r.legacyPhoneCheck)
      .map((r) => r.path)
      .sort();
    expect(legacy).toEqual([
      '/survey-sd/v3',
      '/survey-sd/v3b',
      '/survey/v2',
      '/survey/v3',
      '/survey/v4',
      '/survey/v5',
      'survey-sdv3b',
    ]);
  });

  it('writes the thank-you path with a doubled question mark for exactly two variants (§2)', () => {
    expect(ROUTES.filter((r) => r.thankYou.doubledQuestionMark).map((r) => r.variant)).toEqual([
      'short-2',
      'plain-short',
    ]);
  });

  it('picks Spanish from the path, or from lang=es on a thank-you page (§1)', () => {
    expect(languageOf('/survey/es', '')).toBe('es');
    expect(languageOf('/surveyes', '')).toBe('es');
    expect(languageOf('/survey-thank-you/', '?lang=es')).toBe('es');
    expect(languageOf('/survey-thank-you/', '?lang=fr')).toBe('en');
    expect(languageOf('/survey-thank-you/', '??email=a%40b.co&lang=es')).toBe('es');
    expect(languageOf('/survey-thank-you/', '??lang=es')).toBe('es');
    expect(languageOf('/survey', '?lang=es')).toBe('en');
  });

  it('lists only exact paths for the server, in lower case', () => {
    for (const p of funnelPaths()) expect(p).toBe(p.toLowerCase());
  });
});
