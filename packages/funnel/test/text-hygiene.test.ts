import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth, boundedJson, JSON_MAX_DEPTH } from '../src/api/bounded-json';
import { stepById } from '../src/flows/flow-engine';
import { EXTENDED_FLOW } from '../src/flows/extended-flow';
import { validateStep } from '../src/flows/validate-step';
import { MESSAGES } from '../src/lead/field-schemas';
import { TrackingSchema } from '../src/tracking/tracking-fields';
import { readTracking } from '../src/tracking/read-tracking';
import { hasInvisibleCharacters, stripInvisible } from '../src/text/text-hygiene';
import { TODAY } from './walk-flow';

// Issue 9: "Fields the visitor types refuse control and format characters (\p{Cc}, \p{Cf}; line breaks
// allowed in the description) and lone surrogates ... tracking fields that come from the URL have them
// stripped instead (a bad ad macro must never cost a lead)".
describe('invisible characters', () => {
  it.each([
    ['NUL', 'Ma\u0000ria', true, true],
    ['right-to-left override', 'Maria\u202Egpj.exe', true, true],
    ['lone high surrogate', 'Maria\uD83D', true, true],
    ['lone low surrogate', '\uDE00Maria', true, true],
    ['zero-width space', 'Ma\u200Bria', true, true],
    ['byte-order mark', '\uFEFFMaria', true, true],
    ['tab', 'Maria\tLopez', true, true],
    ['escape', 'Maria\u001B[31m', true, true],
    ['line feed', 'first line\nsecond', true, false],
    ['carriage return and line feed', 'first\r\nsecond', true, false],
    ['accents and ñ', 'José Ñúñez', false, false],
    ['an emoji (a surrogate pair)', 'sad 😢', false, false],
    ['an emoji joined with ZWJ', 'family 👨‍👩‍👧', false, false],
    ['a formula prefix (not invisible: neutralised at CSV export)', '=HYPERLINK("x")', false, false],
  ])('%s: found %s, found with line breaks allowed %s', (_name, text, single, multi) => {
    expect(hasInvisibleCharacters(text)).toBe(single);
    expect(hasInvisibleCharacters(text, { lineBreaks: true })).toBe(multi);
  });

  it('stripping leaves nothing to find, and keeps clean text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const stripped = stripInvisible(text);
        expect(hasInvisibleCharacters(stripped)).toBe(false);
        if (!hasInvisibleCharacters(text)) expect(stripped).toBe(text);
      }),
    );
  });

  it('stripped text is always well-formed UTF-16 (what UTF-8 databases store)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        // encodeURIComponent throws URIError on a lone surrogate, and only then.
        expect(() => encodeURIComponent(stripInvisible(text))).not.toThrow();
      }),
    );
  });

  it.each([
    ['NameAndEmail', { first_name: 'Ma\u0000ria', last_name: 'Lopez', email: 'maria@example.com' }, 'first_name'],
    ['NameAndEmail', { first_name: 'Maria', last_name: 'Lo\u202Epez', email: 'maria@example.com' }, 'last_name'],
    ['IncidentDescription', { case_description: 'A truck hit my car \uD83D at the light' }, 'case_description'],
    ['IncidentDescription', { case_description: 'A truck hit my car\tat the red light' }, 'case_description'],
  ])('the step %s refuses it in %s with a clear message', (stepId, input, field) => {
    const result = validateStep(stepById(EXTENDED_FLOW, stepId), input, TODAY);
    expect(result).toEqual({ ok: false, errors: { [field]: MESSAGES.invisibleCharacters } });
  });

  it('the description keeps its line breaks', () => {
    const text = 'A truck ran the light.\nIt hit my door.';
    expect(validateStep(stepById(EXTENDED_FLOW, 'IncidentDescription'), { case_description: text }, TODAY)).toEqual({
      ok: true,
      answers: { case_description: text, hit_and_run: 'no' },
    });
  });

  it('tracking from the URL is stripped, not refused', () => {
    const tracking = readTracking('?sub1=fb%00ad&affid=12%E2%80%AE3&sub5=%F0%9F%98%A2ok');
    expect(TrackingSchema.parse(tracking)).toMatchObject({ sub_id: 'fbad', affid: '123', click_id: '😢ok' });
    expect(TrackingSchema.parse({ ...tracking, sub_id2: 'x\uD800y\u0000' }).sub_id2).toBe('xy');
  });
});

describe('free-form JSON', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let n = 0; n < depth; n += 1) value = n % 2 === 0 ? [value] : { k: value };
    return value;
  };

  it.each([
    ['a scalar', 'x', 0],
    ['an empty list', [], 1],
    ['one object', { a: 1 }, 1],
    ['a list in an object', { a: [1, 2] }, 2],
  ])('%s is %i deep', (_name, value, depth) => {
    expect(jsonDepth(value)).toBe(depth);
  });

  it(`accepts ${JSON_MAX_DEPTH} levels and refuses ${JSON_MAX_DEPTH + 1} with a message, not a crash`, () => {
    expect(boundedJson().safeParse(nested(JSON_MAX_DEPTH)).success).toBe(true);
    const deeper = boundedJson().safeParse(nested(JSON_MAX_DEPTH + 1));
    expect(deeper.error?.issues.map((i) => i.message)).toEqual([`is nested deeper than ${JSON_MAX_DEPTH} levels`]);
  });

  it('measures 100,000 levels without recursion', () => {
    expect(jsonDepth(nested(100_000), JSON_MAX_DEPTH)).toBe(JSON_MAX_DEPTH + 1);
    expect(boundedJson().safeParse(nested(100_000)).success).toBe(false);
  });
});
