/**
 * One call number per visit (issue 28; spec §3 "Phone number state: call-tracking number and its formatted
 * form; default is a toll-free US number"; §9 "Default affid 1, overrides 107, 252, 340"): the URL's affid,
 * else the route's default affid, picks the brand's number for that affid; the call-tracking script's
 * number wins once it gave one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callNumberFor } from '../src/brand/call-number';
import { readTracking } from '../src/tracking/read-tracking';
import { resolveRoute } from '../src/routes/route-registry';

const brand = { phone: '8005550199', phoneByAffid: { '252': '8005550142', '107': '8005550143' } };
const AFFILIATE_252 = '8005550142';
const DEFAULT = '8005550199';
const route = (path: string) => resolveRoute(path)?.affid;

describe('callNumberFor', () => {
  it.each([
    // page, search, route's default affid, script's number, number shown
    ['landing with the affiliate', '?affid=252', undefined, null, AFFILIATE_252],
    ['landing without affid', '', undefined, null, DEFAULT],
    ['landing, an affid without its own number', '?affid=77', undefined, null, DEFAULT],
    ['/survey with the affiliate in the URL', '?affid=252', route('/survey'), null, AFFILIATE_252],
    ['/survey/tt: affid 252 by route', '', route('/survey/tt'), null, AFFILIATE_252],
    ['/survey/fb: affid 107 by route', '?sub1=x', route('/survey/fb'), null, '8005550143'],
    ['/survey/tt, the URL’s affid wins over the route’s', '?affid=77', route('/survey/tt'), null, DEFAULT],
    ['/survey/tt, an unfilled macro is no affid', '?affid=%7Baffid%7D', route('/survey/tt'), null, AFFILIATE_252],
    ['thank-you with the affiliate', '?q=y&affid=252', undefined, null, AFFILIATE_252],
    ['thank-you after a doubled question mark', '??email=a&affid=252', undefined, null, AFFILIATE_252],
    ['the call-tracking script’s number wins', '?affid=252', route('/survey/tt'), '8885550100', '8885550100'],
    ['an empty script number is none', '?affid=252', undefined, '', AFFILIATE_252],
  ])('%s', (_page, search, routeAffid, tracked, expected) => {
    expect(callNumberFor(brand, { search, routeAffid, tracked })).toBe(expected);
  });

  it('a name of Object’s prototype is no affid with a number', () => {
    expect(callNumberFor(brand, { search: '?affid=__proto__' })).toBe(DEFAULT);
  });

  // The survey page and the thank-you redirect read the lead's affid with readTracking: the same rule, so the
  // number shown on the survey is the one the thank-you page (whose query carries that affid) shows.
  it('the survey’s number is the number of the affid its lead carries to the thank-you page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '?affid=252', '?affid=107', '?affid=77', '?affid=%7Bx%7D', '?sub1=a'),
        fc.constantFrom('/survey', '/survey/tt', '/survey/fb', '/g'),
        (search, path) => {
          const routeAffid = route(path);
          const { affid } = readTracking(search, { oid: '1', affid: routeAffid ?? '1' });
          expect(callNumberFor(brand, { search, routeAffid })).toBe(
            callNumberFor(brand, { search: `?q=y&affid=${affid}` }),
          );
        },
      ),
    );
  });
});
