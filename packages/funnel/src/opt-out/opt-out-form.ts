/**
 * The opt-out ("do not sell my information") form of spec §3/§4, validated with the exact §5
 * messages. The page and the server parse with this one schema, so what the page accepted the
 * server accepts, and a 400 from the server names fields the page can show.
 *
 * Wire format (strict; the page converts its inputs before posting):
 * - text fields are strings; they are trimmed, and the email is lower-cased;
 * - `state` is one of OPT_OUT_STATES, exactly as listed (upper case);
 * - `phone` and `agentPhone` are the masked "(###) ###-####" string the page shows (§5 states its
 *   checks on the formatted value), not bare digits;
 * - `authorizedAgent` is the string 'yes' or 'no';
 * - checkboxes are JSON booleans. An unchecked box may be `false` or absent (the page posts
 *   non-empty fields only, §7); 'on', 'yes', 1 and null are refused, with the checkbox's message;
 * - unknown keys are dropped, never forwarded.
 *
 * Each field reports at most one message, the first of §5's that applies, under its own name.
 */
import { z } from 'zod';
import { OPT_OUT_PHONE_LENGTH } from '../constants';
import { typedText } from '../lead/field-schemas';
import { isFormattedUsPhone } from '../lead/us-phone';
import { OPT_OUT_MESSAGES as M, OPT_OUT_PROTOCOL_MESSAGES } from './opt-out-messages';
import { OptOutStateSchema } from './opt-out-states';

/** The §3 fields, in the order the page shows them: errors are sorted this way (§5 scrolls to the first). */
export const OPT_OUT_FIELDS = [
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zip',
  'email',
  'phone',
  'authorizedAgent',
  'agentFirstName',
  'agentLastName',
  'agentPhone',
  'agentEmail',
  'receiveInformationEmail',
  'receiveInformationMail',
  'optOutOfSaleOrSharingOfInformation',
  'requestForInformation',
  'requestToDeleteInformation',
  'requestToCorrectInformation',
  'submitAnAppeal',
  'agreeTerms',
  'agreeTermsAgent',
  'project',
] as const;

export type OptOutField = (typeof OPT_OUT_FIELDS)[number];

const FIELD_NAMES: ReadonlySet<string> = new Set(OPT_OUT_FIELDS);

export function isOptOutField(name: string): name is OptOutField {
  return FIELD_NAMES.has(name);
}

/** Only asked, and only checked, when authorizedAgent is 'yes' (§5 "If authorizedAgent is yes"). */
export const OPT_OUT_AGENT_FIELDS = [
  'agentFirstName',
  'agentLastName',
  'agentPhone',
  'agentEmail',
  'agreeTermsAgent',
] as const satisfies readonly OptOutField[];

/** §5: how the information is to be received; at least one of the two. */
export const OPT_OUT_RECEIVE_FIELDS = [
  'receiveInformationEmail',
  'receiveInformationMail',
] as const satisfies readonly OptOutField[];

/** §5 "five request checkboxes"; at least one of them. */
export const OPT_OUT_REQUEST_FIELDS = [
  'optOutOfSaleOrSharingOfInformation',
  'requestForInformation',
  'requestToDeleteInformation',
  'requestToCorrectInformation',
  'submitAnAppeal',
] as const satisfies readonly OptOutField[];

/**
 * What the page holds and posts. Values are loose on purpose (the page may hold '' or false while
 * the visitor types); OptOutFormSchema decides what is acceptable.
 */
export type OptOutFormInput = { [K in OptOutField]?: string | boolean };

/** §5 gives no length limits; these only bound what is stored and forwarded, far above real values. */
const TEXT_MAX = 100;
const ADDRESS_MAX = 200;
/** Long enough for a US ZIP+4 ("78701-1234") and a Canadian postal code ("K1A 0B1"). */
const ZIP_MAX = 10;
const EMAIL_MAX = 254;

type Rule = readonly [passes: (value: string) => boolean, message: string];

/** The first failing rule's message, and only that one (§5 lists each field's messages in order). */
function firstFailing(rules: readonly Rule[]) {
  return (value: string, ctx: z.RefinementCtx<string>): void => {
    const failed = rules.find(([passes]) => !passes(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  };
}

const filled = (value: string) => value.length > 0;

/**
 * Required free text (names, address, city, zip). §5 has one message per such field, so an
 * over-long value gets it too, as the survey's name fields do (lead/field-schemas.ts).
 */
function requiredText(message: string, max = TEXT_MAX) {
  return typedText(z.string({ error: message }).trim().min(1, message).max(max, message));
}

function emailField() {
  return z
    .string({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .superRefine(
      firstFailing([
        [filled, M.emailRequired],
        [(value) => value.length <= EMAIL_MAX && z.regexes.email.test(value), M.emailInvalid],
      ]),
    );
}

/**
 * §5: required, then "incomplete" while shorter than the 14 characters of "(###) ###-####", then
 * "valid ... required" unless it is exactly that shape. Area codes are not checked further: a person
 * asking not to be sold must not be refused over a number the survey's stricter check would reject.
 */
function maskedPhoneField(required: string, incomplete: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .superRefine(
      firstFailing([
        [filled, required],
        [(value) => value.length >= OPT_OUT_PHONE_LENGTH, incomplete],
        [isFormattedUsPhone, invalid],
      ]),
    );
}

/** A checkbox: a JSON boolean, absent meaning unchecked (§7 posts non-empty fields only). */
function checkbox(message: string) {
  return z.boolean({ error: message }).default(false);
}

/** A checkbox that must be ticked: anything but `true` (absent included) gets the message. */
function ticked(message: string) {
  return z.literal(true, { error: message });
}

const OptOutFormObject = z.object(
  {
    firstName: requiredText(M.firstName),
    lastName: requiredText(M.lastName),
    address: requiredText(M.address, ADDRESS_MAX),
    city: requiredText(M.city),
    state: OptOutStateSchema,
    zip: requiredText(M.zip, ZIP_MAX),
    email: emailField(),
    phone: maskedPhoneField(M.phoneRequired, M.phoneIncomplete, M.phoneInvalid),
    /** §5 "At least one option must be selected (agent yes/no ...)": reported under authorizedAgent. */
    authorizedAgent: z.enum(['yes', 'no'], { error: M.selectOption }),
    // Optional here; required when authorizedAgent is 'yes' (the superRefine below), since zod checks a
    // field alone. An empty string still gets the field's message from its own schema.
    agentFirstName: requiredText(M.agentFirstName).optional(),
    agentLastName: requiredText(M.agentLastName).optional(),
    agentPhone: maskedPhoneField(M.agentPhoneRequired, M.agentPhoneIncomplete, M.agentPhoneInvalid).optional(),
    agentEmail: emailField().optional(),
    receiveInformationEmail: checkbox(M.selectOption),
    receiveInformationMail: checkbox(M.selectOption),
    optOutOfSaleOrSharingOfInformation: checkbox(M.selectRequest),
    requestForInformation: checkbox(M.selectRequest),
    requestToDeleteInformation: checkbox(M.selectRequest),
    requestToCorrectInformation: checkbox(M.selectRequest),
    submitAnAppeal: checkbox(M.selectRequest),
    agreeTerms: ticked(M.terms),
    agreeTermsAgent: ticked(M.agentTerms).optional(),
    /**
     * Which site the request comes from, set by the page, not typed by the visitor (§3 lists it with
     * no rule). Optional free text; empty means absent.
     */
    project: z
      .string({ error: OPT_OUT_PROTOCOL_MESSAGES.project })
      .trim()
      .max(TEXT_MAX, OPT_OUT_PROTOCOL_MESSAGES.project)
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
  },
  { error: OPT_OUT_PROTOCOL_MESSAGES.formData },
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Agent fields mean nothing unless an agent is used: the page hides them but may still hold what was
 * typed before the visitor switched to 'no'. They are dropped before checking, so they are neither
 * validated nor forwarded.
 */
function withoutUnusedAgentFields(input: unknown): unknown {
  if (!isRecord(input) || input.authorizedAgent === 'yes') return input;
  const kept = { ...input };
  for (const field of OPT_OUT_AGENT_FIELDS) delete kept[field];
  return kept;
}

const AGENT_REQUIRED_MESSAGES = {
  agentFirstName: M.agentFirstName,
  agentLastName: M.agentLastName,
  agentPhone: M.agentPhoneRequired,
  agentEmail: M.emailRequired,
  agreeTermsAgent: M.agentTerms,
} as const satisfies Record<(typeof OPT_OUT_AGENT_FIELDS)[number], string>;

export const OptOutFormSchema = z.preprocess(
  withoutUnusedAgentFields,
  OptOutFormObject.superRefine(
    (form, ctx) => {
      // This runs even when some fields failed (see `when`), so that one submit shows every error. The
      // values of failed fields are then the raw input, whatever its type: only compare with ===.
      const reported = new Set(ctx.issues.map((issue) => issue.path?.[0]));
      const report = (field: OptOutField, message: string) => {
        if (!reported.has(field)) ctx.addIssue({ code: 'custom', path: [field], message });
        reported.add(field);
      };
      if (form.authorizedAgent === 'yes') {
        for (const field of OPT_OUT_AGENT_FIELDS) {
          if (form[field] === undefined) report(field, AGENT_REQUIRED_MESSAGES[field]);
        }
      }
      // §5 "At least one option must be selected (... email/mail choice)": reported under the first
      // box of the pair, where the page shows the group's error. Not repeated if a box already failed.
      if (!OPT_OUT_RECEIVE_FIELDS.some((field) => form[field] === true || reported.has(field))) {
        report(OPT_OUT_RECEIVE_FIELDS[0], M.selectOption);
      }
      // §5 "At least one request must be selected": likewise under the first of the five boxes.
      if (!OPT_OUT_REQUEST_FIELDS.some((field) => form[field] === true || reported.has(field))) {
        report(OPT_OUT_REQUEST_FIELDS[0], M.selectRequest);
      }
    },
    // zod skips refinements once a field has failed; the cross-field rules must run anyway, as long as
    // the form is an object at all.
    { when: (payload) => isRecord(payload.value) },
  ),
);

export type OptOutForm = z.output<typeof OptOutFormSchema>;
