import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OPT_OUT_FIELDS,
  OPT_OUT_REQUEST_FIELDS,
  OptOutFormSchema,
  isOptOutField,
  type OptOutFormInput,
} from '../src/opt-out/opt-out-form';
import { OPT_OUT_MESSAGES, OPT_OUT_PROTOCOL_MESSAGES } from '../src/opt-out/opt-out-messages';
import {
  DO_NOT_SELL_FORM_TYPE,
  dropEmptyFields,
  isEmptyFieldValue,
  parseOptOutRequest,
  validateOptOutForm,
} from '../src/opt-out/opt-out-request';
import { OPT_OUT_STATES, OPT_OUT_STATE_NAMES, OptOutStateSchema } from '../src/opt-out/opt-out-states';
import { OPT_OUT_PHONE_LENGTH } from '../src/constants';
import { isFormattedUsPhone, maskUsPhone } from '../src/lead/us-phone';

const M = OPT_OUT_MESSAGES;
const SPEC_MESSAGES: ReadonlySet<string> = new Set(Object.values(OPT_OUT_MESSAGES));

/** A complete form without an agent: every §5 rule satisfied once. */
const VALID: Record<string, unknown> = {
  firstName: 'Maria',
  lastName: 'Lopez',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  email: 'maria@example.com',
  phone: '(512) 555-0100',
  authorizedAgent: 'no',
  receiveInformationEmail: true,
  optOutOfSaleOrSharingOfInformation: true,
  agreeTerms: true,
};

/** The same visitor acting through an authorized agent. */
const WITH_AGENT: Record<string, unknown> = {
  ...VALID,
  authorizedAgent: 'yes',
  agentFirstName: 'Ann',
  agentLastName: 'Smith',
  agentPhone: '(512) 555-0199',
  agentEmail: 'ann@law.example.com',
  agreeTermsAgent: true,
};

/** `undefined` in the overrides removes the key, as a form posting non-empty fields only does. */
function form(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete merged[key];
  return merged;
}

function errorsOf(input: unknown): Record<string, string> {
  const result = validateOptOutForm(input);
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
}

describe('opt-out form: one §5 message per field', () => {
  it('accepts the complete forms, with and without an agent', () => {
    expect(validateOptOutForm(VALID).ok).toBe(true);
    expect(validateOptOutForm(WITH_AGENT).ok).toBe(true);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['first name missing', { firstName: undefined }, { firstName: M.firstName }],
    ['first name blank', { firstName: '   ' }, { firstName: M.firstName }],
    ['first name not a string', { firstName: 42 }, { firstName: M.firstName }],
    ['first name over 100 characters', { firstName: 'a'.repeat(101) }, { firstName: M.firstName }],
    ['last name missing', { lastName: undefined }, { lastName: M.lastName }],
    ['last name empty', { lastName: '' }, { lastName: M.lastName }],
    ['address missing', { address: undefined }, { address: M.address }],
    ['address over 200 characters', { address: 'a'.repeat(201) }, { address: M.address }],
    ['city missing', { city: undefined }, { city: M.city }],
    ['city blank', { city: ' ' }, { city: M.city }],
    ['state missing', { state: undefined }, { state: M.state }],
    ['state lower case', { state: 'tx' }, { state: M.state }],
    ['state unknown code', { state: 'XX' }, { state: M.state }],
    ['state name instead of code', { state: 'Texas' }, { state: M.state }],
    ['province not among the four', { state: 'NS' }, { state: M.state }],
    ['zip missing', { zip: undefined }, { zip: M.zip }],
    ['zip blank', { zip: '  ' }, { zip: M.zip }],
    ['zip over 10 characters', { zip: '78701-12345' }, { zip: M.zip }],
    ['email missing', { email: undefined }, { email: M.emailRequired }],
    ['email empty', { email: '' }, { email: M.emailRequired }],
    ['email blank', { email: '  ' }, { email: M.emailRequired }],
    ['email not a string', { email: 7 }, { email: M.emailRequired }],
    ['email without domain', { email: 'maria@' }, { email: M.emailInvalid }],
    ['email without dot in domain', { email: 'maria@example' }, { email: M.emailInvalid }],
    ['email with spaces inside', { email: 'maria lopez@example.com' }, { email: M.emailInvalid }],
    ['email over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, { email: M.emailInvalid }],
    ['phone missing', { phone: undefined }, { phone: M.phoneRequired }],
    ['phone empty', { phone: '' }, { phone: M.phoneRequired }],
    ['phone not a string', { phone: 5125550100 }, { phone: M.phoneRequired }],
    ['phone partly typed', { phone: '(512) 555-010' }, { phone: M.phoneIncomplete }],
    ['phone as bare digits (13 > 10 characters)', { phone: '5125550100' }, { phone: M.phoneIncomplete }],
    ['phone with dashes only', { phone: '512-555-0100' }, { phone: M.phoneIncomplete }],
    ['phone 14 characters, wrong shape', { phone: '(512)-555-0100' }, { phone: M.phoneInvalid }],
    ['phone with country code', { phone: '+1 512 555 0100' }, { phone: M.phoneInvalid }],
    ['phone with letters', { phone: '(512) 555-01AB' }, { phone: M.phoneInvalid }],
    ['phone one digit too many', { phone: '(512) 555-01000' }, { phone: M.phoneInvalid }],
    ['agent yes/no not chosen', { authorizedAgent: undefined }, { authorizedAgent: M.selectOption }],
    ['agent answer not yes/no', { authorizedAgent: 'maybe' }, { authorizedAgent: M.selectOption }],
    ['agent answer as a boolean', { authorizedAgent: true }, { authorizedAgent: M.selectOption }],
    ['agent answer in title case', { authorizedAgent: 'Yes' }, { authorizedAgent: M.selectOption }],
    [
      'neither email nor mail chosen',
      { receiveInformationEmail: undefined },
      { receiveInformationEmail: M.selectOption },
    ],
    [
      'both receive boxes false',
      { receiveInformationEmail: false, receiveInformationMail: false },
      {
        receiveInformationEmail: M.selectOption,
      },
    ],
    ['receive box sent as "on"', { receiveInformationEmail: 'on' }, { receiveInformationEmail: M.selectOption }],
    [
      'mail box sent as "yes", email unchecked: one error, on the bad box',
      { receiveInformationEmail: undefined, receiveInformationMail: 'yes' },
      { receiveInformationMail: M.selectOption },
    ],
    ['receive box null', { receiveInformationMail: null }, { receiveInformationMail: M.selectOption }],
    [
      'no request chosen',
      { optOutOfSaleOrSharingOfInformation: undefined },
      { optOutOfSaleOrSharingOfInformation: M.selectRequest },
    ],
    [
      'all five requests false',
      Object.fromEntries(OPT_OUT_REQUEST_FIELDS.map((field) => [field, false])),
      { optOutOfSaleOrSharingOfInformation: M.selectRequest },
    ],
    ['request box sent as "on"', { requestForInformation: 'on' }, { requestForInformation: M.selectRequest }],
    [
      'request box 1 with nothing else chosen: one error, on the bad box',
      { optOutOfSaleOrSharingOfInformation: 1 },
      { optOutOfSaleOrSharingOfInformation: M.selectRequest },
    ],
    ['terms missing', { agreeTerms: undefined }, { agreeTerms: M.terms }],
    ['terms false', { agreeTerms: false }, { agreeTerms: M.terms }],
    ['terms "on"', { agreeTerms: 'on' }, { agreeTerms: M.terms }],
    ['project not a string', { project: 12 }, { project: OPT_OUT_PROTOCOL_MESSAGES.project }],
  ])('without an agent: %s', (_name, overrides, expected) => {
    expect(errorsOf(form(VALID, overrides))).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['agent first name missing', { agentFirstName: undefined }, { agentFirstName: M.agentFirstName }],
    ['agent first name blank', { agentFirstName: '  ' }, { agentFirstName: M.agentFirstName }],
    ['agent last name missing', { agentLastName: undefined }, { agentLastName: M.agentLastName }],
    ['agent last name not a string', { agentLastName: false }, { agentLastName: M.agentLastName }],
    ['agent email missing', { agentEmail: undefined }, { agentEmail: M.emailRequired }],
    ['agent email empty', { agentEmail: '' }, { agentEmail: M.emailRequired }],
    ['agent email invalid', { agentEmail: 'ann@' }, { agentEmail: M.emailInvalid }],
    ['agent phone missing', { agentPhone: undefined }, { agentPhone: M.agentPhoneRequired }],
    ['agent phone empty', { agentPhone: '' }, { agentPhone: M.agentPhoneRequired }],
    ['agent phone partly typed', { agentPhone: '(512) 555' }, { agentPhone: M.agentPhoneIncomplete }],
    ['agent phone wrong shape', { agentPhone: '512.555.0199 x' }, { agentPhone: M.agentPhoneInvalid }],
    ['agent terms missing', { agreeTermsAgent: undefined }, { agreeTermsAgent: M.agentTerms }],
    ['agent terms false', { agreeTermsAgent: false }, { agreeTermsAgent: M.agentTerms }],
    [
      'both emails invalid: each reported under its own field',
      { email: 'maria@', agentEmail: 'ann@' },
      { email: M.emailInvalid, agentEmail: M.emailInvalid },
    ],
    [
      'every agent field missing',
      {
        agentFirstName: undefined,
        agentLastName: undefined,
        agentPhone: undefined,
        agentEmail: undefined,
        agreeTermsAgent: undefined,
      },
      {
        agentFirstName: M.agentFirstName,
        agentLastName: M.agentLastName,
        agentPhone: M.agentPhoneRequired,
        agentEmail: M.emailRequired,
        agreeTermsAgent: M.agentTerms,
      },
    ],
  ])('with an agent: %s', (_name, overrides, expected) => {
    expect(errorsOf(form(WITH_AGENT, overrides))).toEqual(expected);
  });

  it('without an agent, agent fields are neither checked nor kept, even if left filled in or malformed', () => {
    const result = validateOptOutForm({
      ...VALID,
      agentFirstName: 42,
      agentPhone: '(5',
      agentEmail: 'not an email',
      agreeTermsAgent: false,
    });
    expect(result).toEqual({ ok: true, form: expect.not.objectContaining({ agentPhone: expect.anything() }) });
    if (!result.ok) throw new Error('unreachable');
    for (const field of ['agentFirstName', 'agentLastName', 'agentPhone', 'agentEmail', 'agreeTermsAgent']) {
      expect(result.form).not.toHaveProperty(field);
    }
  });

  it('agent yes/no not chosen: agent fields are not checked either (the page has not shown them)', () => {
    expect(errorsOf(form(VALID, { authorizedAgent: undefined, agentEmail: 'x@' }))).toEqual({
      authorizedAgent: M.selectOption,
    });
  });

  it.each(OPT_OUT_REQUEST_FIELDS)('any one request is enough: %s', (field) => {
    expect(validateOptOutForm(form(VALID, { optOutOfSaleOrSharingOfInformation: undefined, [field]: true })).ok).toBe(
      true,
    );
  });

  it('mail alone is enough to receive information', () => {
    expect(validateOptOutForm(form(VALID, { receiveInformationEmail: false, receiveInformationMail: true })).ok).toBe(
      true,
    );
  });

  it('an empty form gets every message, in the order of the page (errors[0] is where to scroll)', () => {
    expect(validateOptOutForm({})).toEqual({
      ok: false,
      errors: [
        { field: 'firstName', message: M.firstName },
        { field: 'lastName', message: M.lastName },
        { field: 'address', message: M.address },
        { field: 'city', message: M.city },
        { field: 'state', message: M.state },
        { field: 'zip', message: M.zip },
        { field: 'email', message: M.emailRequired },
        { field: 'phone', message: M.phoneRequired },
        { field: 'authorizedAgent', message: M.selectOption },
        { field: 'receiveInformationEmail', message: M.selectOption },
        { field: 'optOutOfSaleOrSharingOfInformation', message: M.selectRequest },
        { field: 'agreeTerms', message: M.terms },
      ],
    });
  });

  it('an empty form with an agent also lists the agent messages in page order', () => {
    const result = validateOptOutForm({ authorizedAgent: 'yes' });
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual([
      'firstName',
      'lastName',
      'address',
      'city',
      'state',
      'zip',
      'email',
      'phone',
      'agentFirstName',
      'agentLastName',
      'agentPhone',
      'agentEmail',
      'receiveInformationEmail',
      'optOutOfSaleOrSharingOfInformation',
      'agreeTerms',
      'agreeTermsAgent',
    ]);
  });

  it('normalises what it accepts: trimmed text, lower-case emails, unchecked boxes false, unknown keys gone', () => {
    const result = validateOptOutForm({
      ...WITH_AGENT,
      firstName: '  Maria ',
      email: ' Maria@Example.COM ',
      agentEmail: 'ANN@Law.Example.com',
      zip: ' K1A 0B1 ',
      state: 'ON',
      project: ' MVA ',
      isAdmin: true,
    });
    expect(result).toEqual({
      ok: true,
      form: {
        ...WITH_AGENT,
        firstName: 'Maria',
        email: 'maria@example.com',
        agentEmail: 'ann@law.example.com',
        zip: 'K1A 0B1',
        state: 'ON',
        project: 'MVA',
        receiveInformationMail: false,
        requestForInformation: false,
        requestToDeleteInformation: false,
        requestToCorrectInformation: false,
        submitAnAppeal: false,
      },
    });
  });

  it('a blank project counts as absent', () => {
    const result = OptOutFormSchema.safeParse({ ...VALID, project: '  ' });
    expect(result.success && result.data.project).toBeUndefined();
  });

  it('a form that is not an object is one error on the form itself', () => {
    for (const input of [null, 'form', 3, [VALID]]) {
      expect(validateOptOutForm(input)).toEqual({
        ok: false,
        errors: [{ field: 'formData', message: OPT_OUT_PROTOCOL_MESSAGES.formData }],
      });
    }
  });
});

describe('opt-out request body (§7)', () => {
  const body = { formData: VALID, reCaptchaToken: 'token-from-google', type: DO_NOT_SELL_FORM_TYPE };

  it('accepts formData, reCaptchaToken and type do-not-sell-information-form', () => {
    const result = parseOptOutRequest(body);
    expect(result.ok && result.request.type).toBe('do-not-sell-information-form');
    expect(result.ok && result.request.reCaptchaToken).toBe('token-from-google');
  });

  it('accepts an empty token: whether one is required is the server’s call', () => {
    expect(parseOptOutRequest({ ...body, reCaptchaToken: '' }).ok).toBe(true);
  });

  it('accepts the form with only its non-empty fields, as the page posts it', () => {
    const posted = dropEmptyFields({ ...VALID, receiveInformationMail: false, project: '', agentFirstName: '' });
    expect(parseOptOutRequest({ ...body, formData: posted }).ok).toBe(true);
  });

  it.each<[string, unknown, { field: string; message: string }[]]>([
    ['token missing', { ...body, reCaptchaToken: undefined }, [{ field: 'reCaptchaToken', message: M.recaptcha }]],
    ['token not a string', { ...body, reCaptchaToken: null }, [{ field: 'reCaptchaToken', message: M.recaptcha }]],
    [
      'token absurdly long',
      { ...body, reCaptchaToken: 'x'.repeat(8193) },
      [{ field: 'reCaptchaToken', message: M.recaptcha }],
    ],
    ['wrong type', { ...body, type: 'contact-form' }, [{ field: 'type', message: OPT_OUT_PROTOCOL_MESSAGES.type }]],
    ['type missing', { ...body, type: undefined }, [{ field: 'type', message: OPT_OUT_PROTOCOL_MESSAGES.type }]],
    [
      'formData missing',
      { ...body, formData: undefined },
      [{ field: 'formData', message: OPT_OUT_PROTOCOL_MESSAGES.formData }],
    ],
    ['body not an object', 'formData=1', [{ field: 'body', message: OPT_OUT_PROTOCOL_MESSAGES.body }]],
    ['body null', null, [{ field: 'body', message: OPT_OUT_PROTOCOL_MESSAGES.body }]],
    [
      'form errors are named by the form field, not formData.field',
      { ...body, formData: form(VALID, { email: 'maria@', agreeTerms: undefined }) },
      [
        { field: 'email', message: M.emailInvalid },
        { field: 'agreeTerms', message: M.terms },
      ],
    ],
    [
      'envelope and form errors together: type, then the form in page order, then the token',
      { formData: form(VALID, { firstName: '' }), type: 'x' },
      [
        { field: 'type', message: OPT_OUT_PROTOCOL_MESSAGES.type },
        { field: 'firstName', message: M.firstName },
        { field: 'reCaptchaToken', message: M.recaptcha },
      ],
    ],
  ])('%s', (_name, input, errors) => {
    expect(parseOptOutRequest(input)).toEqual({ ok: false, errors });
  });
});

describe('non-empty fields only (§7)', () => {
  it('drops absent, null, blank and false values, keeps answers like "no", 0 and true', () => {
    const input = {
      a: undefined,
      b: null,
      c: '',
      d: '   ',
      e: false,
      f: 'no',
      g: 0,
      h: true,
      i: ' x ',
    };
    expect(dropEmptyFields(input)).toEqual({ f: 'no', g: 0, h: true, i: ' x ' });
    expect(input.c).toBe('');
  });

  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['\t\n ', true],
    [false, true],
    ['no', false],
    [0, false],
    [true, false],
    [[], false],
  ])('isEmptyFieldValue(%j) → %s', (value, empty) => {
    expect(isEmptyFieldValue(value)).toBe(empty);
  });
});

describe('phone mask (###) ###-#### (§5; the mask itself: us-phone.test.ts)', () => {
  it('is idempotent, never longer than 14, and complete exactly when it has ten digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30, unit: fc.constantFrom(...'0123456789()- +.x') }), (raw) => {
        const masked = maskUsPhone(raw);
        expect(maskUsPhone(masked)).toBe(masked);
        expect(masked.length).toBeLessThanOrEqual(OPT_OUT_PHONE_LENGTH);
        const complete = masked.replace(/\D/g, '').length === 10;
        expect(isFormattedUsPhone(masked)).toBe(complete);
        expect(masked.length === OPT_OUT_PHONE_LENGTH).toBe(complete);
      }),
    );
  });

  it('a fully masked number passes the form’s phone checks', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        expect(errorsOf({ ...VALID, phone: maskUsPhone(digits) })).toEqual({});
      }),
    );
  });
});

describe('opt-out states (§9)', () => {
  it('are the 50 states, DC, 5 territories and 4 Canadian provinces, each once and named', () => {
    expect(OPT_OUT_STATES).toHaveLength(60);
    expect(new Set(OPT_OUT_STATES).size).toBe(60);
    expect(OPT_OUT_STATES).toEqual(
      expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'ON', 'QC', 'BC', 'AB']),
    );
    expect(Object.keys(OPT_OUT_STATE_NAMES).sort()).toEqual([...OPT_OUT_STATES].sort());
  });

  it.each(['CA', 'DC', 'PR', 'VI', 'ON', 'AB'])('accepts %s', (code) => {
    expect(OptOutStateSchema.safeParse(code).success).toBe(true);
  });
});

describe('opt-out properties', () => {
  const name = fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,20}$/);
  const email = fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,12}$/))
    .map(([local, domain]) => `${local}@${domain}.com`);
  const phone = fc.stringMatching(/^\d{10}$/).map(maskUsPhone);
  const empty = fc.constantFrom<unknown>(undefined, null, '', '  ', false);
  /** project is text the page sets: absent or blank when empty, never null or false. */
  const emptyText = fc.constantFrom<unknown>(undefined, '', '  ');
  /** An unchecked box in any of the shapes the page may hold it. */
  const box = (checked: boolean) => (checked ? fc.constant<unknown>(true) : fc.constantFrom<unknown>(false, undefined));

  /** Valid forms, with and without an agent, sprinkled with empty values wherever one is allowed. */
  const validForm = fc
    .record({
      firstName: name,
      lastName: name,
      address: fc.stringMatching(/^\d{1,5} [A-Za-z ]{1,30}$/),
      city: name,
      state: fc.constantFrom(...OPT_OUT_STATES),
      zip: fc.stringMatching(/^\d{5}$/),
      email,
      phone,
      agent: fc.boolean(),
      agentFirstName: name,
      agentLastName: name,
      agentPhone: phone,
      agentEmail: email,
      receive: fc.constantFrom([true, false], [false, true], [true, true]),
      requests: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }).filter((r) => r.includes(true)),
      project: fc.oneof(fc.constant('MVA'), emptyText),
      unusedAgentValue: empty,
    })
    .chain((f) =>
      fc
        .tuple(box(f.receive[0] === true), box(f.receive[1] === true), ...f.requests.map(box))
        .map(([email_, mail, ...requests]): Record<string, unknown> => {
          const base: Record<string, unknown> = {
            firstName: f.firstName,
            lastName: f.lastName,
            address: f.address,
            city: f.city,
            state: f.state,
            zip: f.zip,
            email: f.email,
            phone: f.phone,
            authorizedAgent: f.agent ? 'yes' : 'no',
            receiveInformationEmail: email_,
            receiveInformationMail: mail,
            agreeTerms: true,
            project: f.project,
            ...Object.fromEntries(OPT_OUT_REQUEST_FIELDS.map((field, i) => [field, requests[i]])),
          };
          return f.agent
            ? {
                ...base,
                agentFirstName: f.agentFirstName,
                agentLastName: f.agentLastName,
                agentPhone: f.agentPhone,
                agentEmail: f.agentEmail,
                agreeTermsAgent: true,
              }
            : { ...base, agentFirstName: f.unusedAgentValue, agreeTermsAgent: f.unusedAgentValue };
        }),
    );

  it('a valid form stays valid, and parses to the same form, after dropping its empty fields', () => {
    fc.assert(
      fc.property(validForm, (input) => {
        const full = validateOptOutForm(input);
        expect(full.ok).toBe(true);
        expect(validateOptOutForm(dropEmptyFields(input))).toEqual(full);
      }),
      { numRuns: 300 },
    );
  });

  /** Anything a page or a hostile client could put in a field, valid values included. */
  const anyValue = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof(
      valid,
      empty,
      fc.string({ maxLength: 20 }),
      fc.boolean(),
      fc.integer(),
      fc.constantFrom<unknown>('on', 'yes', 'no', '(512) 555-01', 'a@', [], {}),
    );

  /**
   * Every key optional and any value. `project` stays a string: it is set by the page, not typed by
   * the visitor, and its one non-§5 message (a protocol error) is covered by the table above.
   */
  const anyForm = fc.record(
    {
      firstName: anyValue(name),
      lastName: anyValue(name),
      address: anyValue(name),
      city: anyValue(name),
      state: anyValue(fc.constantFrom(...OPT_OUT_STATES)),
      zip: anyValue(fc.stringMatching(/^\d{5}$/)),
      email: anyValue(email),
      phone: anyValue(phone),
      authorizedAgent: anyValue(fc.constantFrom('yes', 'no')),
      agentFirstName: anyValue(name),
      agentLastName: anyValue(name),
      agentPhone: anyValue(phone),
      agentEmail: anyValue(email),
      receiveInformationEmail: anyValue(fc.boolean()),
      receiveInformationMail: anyValue(fc.boolean()),
      optOutOfSaleOrSharingOfInformation: anyValue(fc.boolean()),
      requestForInformation: anyValue(fc.boolean()),
      requestToDeleteInformation: anyValue(fc.boolean()),
      requestToCorrectInformation: anyValue(fc.boolean()),
      submitAnAppeal: anyValue(fc.boolean()),
      agreeTerms: anyValue(fc.constant(true)),
      agreeTermsAgent: anyValue(fc.constant(true)),
      project: fc.string({ maxLength: 100 }),
    },
    { requiredKeys: [] },
  );

  it('every error is a §5 message, at most one per field, named by a form field', () => {
    fc.assert(
      fc.property(anyForm, (input) => {
        const result = validateOptOutForm(input);
        if (result.ok) return;
        const fields = result.errors.map((e) => e.field);
        expect(new Set(fields).size).toBe(fields.length);
        for (const { field, message } of result.errors) {
          expect(isOptOutField(field)).toBe(true);
          expect(SPEC_MESSAGES).toContain(message);
        }
        // Page order, so errors[0] is the first field on the page.
        const positions = fields.map((f) => OPT_OUT_FIELDS.findIndex((known) => known === f));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: 500 },
    );
  });

  /** Valid forms with up to three fields replaced by anything: near misses, valid or not. */
  const nearlyValidForm = fc
    .tuple(
      validForm,
      fc.array(
        fc.tuple(fc.constantFrom(...OPT_OUT_FIELDS.filter((f) => f !== 'project')), anyValue(fc.constant(true))),
        {
          maxLength: 3,
        },
      ),
    )
    .map(([input, changes]) => ({ ...input, ...Object.fromEntries(changes) }));

  it('near misses also get only §5 messages, one per field', () => {
    fc.assert(
      fc.property(nearlyValidForm, (input) => {
        const result = validateOptOutForm(input);
        if (result.ok) return;
        expect(new Set(result.errors.map((e) => e.field)).size).toBe(result.errors.length);
        for (const { message } of result.errors) expect(SPEC_MESSAGES).toContain(message);
      }),
      { numRuns: 500 },
    );
  });

  it('any valid near miss stays valid, and parses the same, after dropping its empty fields', () => {
    let valid = 0;
    fc.assert(
      fc.property(nearlyValidForm, (input) => {
        const full = validateOptOutForm(input);
        if (!full.ok) return;
        valid += 1;
        expect(validateOptOutForm(dropEmptyFields(input))).toEqual(full);
      }),
      { numRuns: 500 },
    );
    expect(valid).toBeGreaterThan(50);
  });

  it('the typed form input accepts what the page holds', () => {
    const held: OptOutFormInput = { firstName: '', agreeTerms: false, authorizedAgent: 'yes' };
    expect(errorsOf(held)).toHaveProperty('agreeTerms', M.terms);
  });
});
