/**
 * The survey header's language switch (issue 28): the route's counterpart in the other language, the
 * visit's source kept (the URL's tracking, else the route's affid and oid, §9 per-path overrides).
 */
import { describe, expect, it } from 'vitest';
import { languageSwitchUrl } from '../src/routes/language-switch';
import { resolveRoute, ROUTES } from '../src/routes/route-registry';

function switchOf(path: string, search: string): string | null {
  const route = resolveRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return languageSwitchUrl(route, search);
}

describe('languageSwitchUrl', () => {
  it.each([
    ['/survey', '', '/survey/es?affid=1&oid=81'],
    ['/survey/es', '?sub1=a', '/survey?sub1=a&affid=1&oid=56'],
    ['/surveyes/x', '', '/survey?affid=1&oid=57'],
    ['/surveyv4nv', '?affid=77&oid=9', '/survey/v4nv-es?affid=77&oid=9'],
    ['/survey/v4nv-es', '', '/surveyv4nv?affid=1&oid=86'],
    // A car-accident survey with no Spanish version of its own opens the Spanish survey, credited to its source.
    ['/survey/tt', '?gclid=g&lang=en', '/survey/es?gclid=g&affid=252&oid=114'],
    ['/survey/tt', '?affid=%7Baffid%7D', '/survey/es?affid=252&oid=114'],
    ['/ticket', '?affid=252', null],
    ['/survey/dui', '', null],
    ['/survey/eligibility', '', null],
  ])('%s%s → %s', (path, search, expected) => {
    expect(switchOf(path, search)).toBe(expected);
  });

  it('every switch opens a survey in the other language', () => {
    for (const route of ROUTES) {
      if (route.otherLanguage === undefined) continue;
      const target = resolveRoute(route.otherLanguage);
      expect(target?.language, route.path).toBe(route.language === 'en' ? 'es' : 'en');
    }
  });
});
