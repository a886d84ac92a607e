/** Issue 13: the third-party tags' pure rules (tracking/page-tags.ts) and the flows' step effects. */
import { describe, expect, it } from 'vitest';
import { flow as dui } from '../src/flows/by-variant/dui';
import { flow as ticket } from '../src/flows/by-variant/ticket';
import { flow as variantA } from '../src/flows/by-variant/variant-a';
import { flow as variantB } from '../src/flows/by-variant/variant-b';
import { flow as variantC } from '../src/flows/by-variant/variant-c';
import { flow as plainShort } from '../src/flows/by-variant/plain-short';
import type { FlowDefinition, FlowEffect } from '../src/flows/flow-definition';
import { answerStep } from '../src/flows/flow-engine';
import type { SurveyAnswers } from '../src/lead/survey-answers';
import {
  callTrackingDigits,
  socialPixelApplies,
  tagOfEffect,
  trackerClick,
  transactionIdOf,
} from '../src/tracking/page-tags';
import { context } from './walk-flow';

describe('tagOfEffect: each step effect loads its configured tag', () => {
  it.each<[FlowEffect, string | null, string]>([
    ['load-ad-script', 'adScript', '§4 "First step loads an ad-script"'],
    ['load-injury-pixel', 'injuryPixel', '§4 Variant A/B/C: "Yes loads a tracking pixel"'],
    ['load-ticket-pixel', 'ticketPixel', '§7 "Third-party tracking scripts load (… ticket pixel …)"'],
    ['load-dui-injury-script', 'duiInjuryScript', '§4 DUI "WasUserInjured yes loads a third-party tracking script"'],
    ['heatmap-consent-event', null, '§4 consent: a heatmap event, not a tag script'],
  ])('%s → %s (%s)', (effect, tag) => {
    expect(tagOfEffect(effect)).toBe(tag);
  });
});

describe('socialPixelApplies — §6 "a social pixel loads only when affid is 389"', () => {
  it.each([
    ['389', true],
    ['1', false],
    ['38', false],
    ['3890', false],
    ['', false],
  ])('affid %j → %s', (affid, applies) => {
    expect(socialPixelApplies({ affid })).toBe(applies);
  });
});

describe('trackerClick — §7 "registers a click with offer, affiliate, sub1 to sub5, uid, source_id and transaction id"', () => {
  it('takes offer and affiliate from the visitor, the rest from the URL', () => {
    const search = '?sub1=a&sub2=b&sub3=c&sub4=d&sub5=e&uid=U7&source_id=S9&_ef_transaction_id=TX1&oid=999';
    expect(trackerClick(search, { oid: '152', affid: '340' })).toEqual({
      offer_id: '152',
      affiliate_id: '340',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
      sub4: 'd',
      sub5: 'e',
      uid: 'U7',
      source_id: 'S9',
      transaction_id: 'TX1',
    });
  });

  it('leaves missing and unfilled {placeholder} values empty (§3)', () => {
    expect(trackerClick('?sub1={sub1}&uid=__UID__', { oid: '81', affid: '1' })).toMatchObject({
      sub1: '',
      sub2: '',
      uid: '',
      source_id: '',
      transaction_id: '',
    });
  });
});

describe('transactionIdOf — "then writes _ef_transaction_id into the address query"', () => {
  it.each([
    ['?_ef_transaction_id=abc123', 'abc123'],
    ['?a=1&_ef_transaction_id=%20x9%20', 'x9'],
    ['?_ef_transaction_id={transaction_id}', ''],
    ['?sub1=a', ''],
    ['', ''],
  ])('%j → %j', (search, id) => {
    expect(transactionIdOf(search)).toBe(id);
  });
});

describe('callTrackingDigits — §3 "call-tracking number and its formatted form; default is a toll-free US number"', () => {
  it.each<[unknown, string | null]>([
    ['8885550123', '8885550123'],
    ['(512) 555-0100', '5125550100'],
    ['+1 512 555 0100', '5125550100'],
    ['15125550100', '5125550100'],
    [5125550100, '5125550100'],
    ['512555010', null],
    ['0125550100', null],
    ['5120550100', null],
    ['5121550100', null],
    ['25125550100', null],
    ['', null],
    [undefined, null],
    [{ number: '5125550100' }, null],
  ])('%j → %j', (value, digits) => {
    expect(callTrackingDigits(value)).toBe(digits);
  });
});

describe("step effects come from the flow's declared effects", () => {
  const answered = (flow: FlowDefinition, stepId: string, set: Partial<SurveyAnswers>, before: SurveyAnswers = {}) =>
    answerStep(flow, { path: [stepId], answers: before }, set, context()).effects;

  it.each<[FlowDefinition, string, Partial<SurveyAnswers>]>([
    [variantA, 'StartPath', { accident_type: 'car' }],
    [variantB, 'StartPath', { accident_type: 'car' }],
    [variantC, 'WhenWasTheAccident', { injury_year: '2026', injury_month: '10' }],
  ])('§4 "First step loads an ad-script": %s', (flow, first, set) => {
    expect(flow.first).toBe(first);
    expect(answered(flow, first, set)).toEqual(['load-ad-script']);
  });

  it.each([
    [variantA, 'Yes', ['load-injury-pixel']],
    [variantA, 'No', []],
    [variantB, 'Yes', ['load-injury-pixel']],
    [variantC, 'No', []],
  ])('§4 A/B/C: WasUserInjured %s → %j', (flow, injured, effects) => {
    expect(answered(flow, 'WasUserInjured', { physical_injury: injured === 'Yes' ? 'Yes' : 'No' })).toEqual(effects);
  });

  it.each([
    ['Yes', ['load-dui-injury-script']],
    ['No', []],
  ])('§4 DUI: WasUserInjured %s → %j', (injured, effects) => {
    expect(answered(dui, 'WasUserInjured', { physical_injury: injured === 'Yes' ? 'Yes' : 'No' })).toEqual(effects);
  });

  it('§7 the ticket pixel: once the ticket flow is started', () => {
    expect(answered(ticket, 'StartPathTicket', {})).toEqual(['load-ticket-pixel']);
  });

  it('a flow that declares none loads none', () => {
    for (const step of plainShort.steps) expect(step.effects).toBeUndefined();
  });
});
