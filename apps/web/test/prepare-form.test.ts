/**
 * Issue 33 (INP): a form step's answer is worked out while the visitor pauses (survey/forms/answer-form.ts),
 * with the place its zip lookup brought when the lookup is in (remote-checks.ts `zipKnown`), so the tap of a
 * step holding a zip takes it instead of deriving the lead in the tap. It must be the tap's own answer: the
 * same outcome as the engine's with that place, and taken only for that place.
 */
import {
  answerStep,
  EXTENDED_FLOW,
  resolveRoute,
  type FlowContext,
  type StepDefinition,
  type ZipPlace,
} from '@app/funnel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareForm, preparedOutcome } from '../src/survey/forms/answer-form';
import type { ZipLookup } from '../src/survey/forms/lookup-zip';
import { createRemoteChecks } from '../src/survey/forms/remote-checks';
import { newSession, type SurveySession } from '../src/survey/survey-session';
import { json, localServer, type LocalServer } from './local-http';

const AUSTIN: ZipPlace = { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' };
const INPUT = { phone: '5125550100', zip_code: '78701' };

function phoneAndZip(): StepDefinition {
  const step = EXTENDED_FLOW.steps.find((s) => s.id === 'PhoneAndZip');
  if (!step) throw new Error('the extended flow has no PhoneAndZip');
  return step;
}

function sessionAtPhoneAndZip(): SurveySession {
  const route = resolveRoute('/survey');
  if (!route) throw new Error('no /survey route');
  const fresh = newSession(route, EXTENDED_FLOW, { search: '', href: '', referrer: '' }, 'lead-1');
  return { ...fresh, path: [...fresh.path, 'PhoneAndZip'] };
}

function contextOf(session: SurveySession): FlowContext {
  return {
    today: '2026-11-28',
    place: session.place,
    stateLimits: [],
    tracking: session.tracking,
    wordLists: null,
    gibberishReading: null,
  };
}

const known = (lookup: ZipLookup | undefined) => ({ zipKnown: () => lookup });

describe('prepareForm with the zip lookup in', () => {
  it('works the answer out with the place found, the one the tap takes', () => {
    const base = sessionAtPhoneAndZip();
    const prepared = prepareForm(
      EXTENDED_FLOW,
      base,
      phoneAndZip(),
      INPUT,
      contextOf,
      known({ kind: 'found', place: AUSTIN }),
    );
    if (!prepared) throw new Error('the input passes §5');
    expect(prepared.place).toBe(AUSTIN);
    const tapped = { answers: JSON.parse(prepared.answers), place: AUSTIN };
    const outcome = preparedOutcome(prepared, base, tapped);
    expect(outcome).toBe(prepared.outcome);
    const engine = answerStep(
      EXTENDED_FLOW,
      { path: base.path, answers: base.answers },
      tapped.answers,
      contextOf({ ...base, place: AUSTIN }),
    );
    expect(outcome).toEqual(engine);
    // Another place (a lookup that came in after the pause), or none: the tap works it out itself.
    expect(preparedOutcome(prepared, base, { ...tapped, place: { ...AUSTIN } })).toBeUndefined();
    expect(preparedOutcome(prepared, base, { ...tapped, place: null })).toBeUndefined();
  });

  it('keeps the session’s place while the lookup is on its way, none when it failed, nothing for an unknown zip', () => {
    const base = sessionAtPhoneAndZip();
    const step = phoneAndZip();
    expect(prepareForm(EXTENDED_FLOW, base, step, INPUT, contextOf, known(undefined))?.place).toBe(base.place);
    expect(prepareForm(EXTENDED_FLOW, base, step, INPUT, contextOf, known({ kind: 'unavailable' }))?.place).toBeNull();
    expect(prepareForm(EXTENDED_FLOW, base, step, INPUT, contextOf, known({ kind: 'unknown' }))).toBeNull();
  });
});

describe('zipKnown', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('gives a lookup started early once it is in, the same the tap takes, and forgets it once taken', async () => {
    let asked = 0;
    server = await localServer((_request, _body, response) => {
      asked += 1;
      json(response, 200, AUSTIN);
    });
    const checks = createRemoteChecks({ landingPath: '/survey', remotePhoneCheck: false, fetchImpl: server.fetch });
    expect(checks.zipKnown('78701')).toBeUndefined();
    checks.prime('zip_code', '78701', 'typing');
    await vi.waitFor(() => expect(checks.zipKnown('78701')).toBeDefined());
    const early = checks.zipKnown('78701');
    expect(early).toEqual({ kind: 'found', place: AUSTIN });
    expect(await checks.zip('78701')).toBe(early);
    expect(checks.zipKnown('78701')).toBeUndefined();
    expect(asked).toBe(1);
  });
});
