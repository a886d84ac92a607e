/**
 * The body of POST /api/opt-out (spec §7: "formData (non-empty fields only), reCaptchaToken and type
 * do-not-sell-information-form"), and the {field, message} errors a 400 answers with and the page
 * shows beside each field.
 */
import { z } from 'zod';
import { OptOutFormSchema, isOptOutField, OPT_OUT_FIELDS, type OptOutField, type OptOutForm } from './opt-out-form';
import { OPT_OUT_MESSAGES, OPT_OUT_PROTOCOL_MESSAGES } from './opt-out-messages';

/** §7: the fixed `type` of the opt-out message. */
export const DO_NOT_SELL_FORM_TYPE = 'do-not-sell-information-form';

/** Real tokens are a few hundred to ~2,000 characters; this only bounds what a client can send. */
const RECAPTCHA_TOKEN_MAX = 8192;

export const OptOutRequestSchema = z.object(
  {
    formData: OptOutFormSchema,
    /**
     * Always a string, possibly empty: the server decides whether a token is required (only when a
     * captcha secret is configured) and answers "Please complete the reCaptcha" (§5) itself.
     */
    reCaptchaToken: z
      .string({ error: OPT_OUT_MESSAGES.recaptcha })
      .max(RECAPTCHA_TOKEN_MAX, OPT_OUT_MESSAGES.recaptcha),
    type: z.literal(DO_NOT_SELL_FORM_TYPE, { error: OPT_OUT_PROTOCOL_MESSAGES.type }),
    /**
     * The page's `navigator.globalPrivacyControl` (issue 12): a page cannot set the Sec-GPC header itself
     * (a forbidden header name), so it says it here; the server stores either signal with the request.
     */
    globalPrivacyControl: z.boolean({ error: OPT_OUT_PROTOCOL_MESSAGES.globalPrivacyControl }).optional(),
  },
  { error: OPT_OUT_PROTOCOL_MESSAGES.body },
);

export type OptOutRequest = z.output<typeof OptOutRequestSchema>;
/** What the page sends (the browser types its body with the schema the server parses with). */
export type OptOutRequestBody = z.input<typeof OptOutRequestSchema>;

/** 201 from POST /api/opt-out: the stored request and the day it must be answered by (YYYY-MM-DD). */
export const OptOutCreatedSchema = z.object({ id: z.string(), due_at: z.string() });
export type OptOutCreated = z.output<typeof OptOutCreatedSchema>;

/**
 * Where an error belongs: a form field, or a part of the request the visitor cannot fix
 * ('formData' not an object, 'type', the whole 'body').
 */
export type OptOutErrorField = OptOutField | 'reCaptchaToken' | 'type' | 'formData' | 'body' | 'globalPrivacyControl';

export interface OptOutFieldError {
  field: OptOutErrorField;
  message: string;
}

export type OptOutFormResult = { ok: true; form: OptOutForm } | { ok: false; errors: OptOutFieldError[] };

export type OptOutRequestResult = { ok: true; request: OptOutRequest } | { ok: false; errors: OptOutFieldError[] };

const ERROR_ORDER: readonly OptOutErrorField[] = [
  'body',
  'type',
  'formData',
  'globalPrivacyControl',
  ...OPT_OUT_FIELDS,
  'reCaptchaToken',
];

function fieldOf(path: readonly PropertyKey[], root: 'formData' | 'body'): OptOutErrorField {
  if (path.length === 0) return root;
  const [head, next] = path;
  if (head === 'formData') return typeof next === 'string' && isOptOutField(next) ? next : 'formData';
  if (head === 'reCaptchaToken' || head === 'type' || head === 'globalPrivacyControl') return head;
  return typeof head === 'string' && isOptOutField(head) ? head : root;
}

/**
 * One {field, message} per field, the first zod reported, in the order the page shows the fields:
 * errors[0] is where §5's "scrolls to the first error" goes. Works for issues of OptOutFormSchema
 * (paths 'firstName', …) and of OptOutRequestSchema (paths 'formData.firstName', …) alike; `root`
 * names what was parsed, for an error about the value as a whole (not an object at all).
 */
export function optOutFieldErrors(error: z.ZodError, root: 'formData' | 'body' = 'body'): OptOutFieldError[] {
  const byField = new Map<OptOutErrorField, string>();
  for (const issue of error.issues) {
    const field = fieldOf(issue.path, root);
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return ERROR_ORDER.flatMap((field) => {
    const message = byField.get(field);
    return message === undefined ? [] : [{ field, message }];
  });
}

/** For the page: checks what the visitor entered before posting. */
export function validateOptOutForm(input: unknown): OptOutFormResult {
  const parsed = OptOutFormSchema.safeParse(input);
  return parsed.success
    ? { ok: true, form: parsed.data }
    : { ok: false, errors: optOutFieldErrors(parsed.error, 'formData') };
}

/** For the server: the whole POST /api/opt-out body. */
export function parseOptOutRequest(body: unknown): OptOutRequestResult {
  const parsed = OptOutRequestSchema.safeParse(body);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, errors: optOutFieldErrors(parsed.error) };
}

/**
 * §7 "non-empty fields only": absent, null, blank strings and unchecked (false) boxes are empty.
 * Since the schema reads a missing checkbox as unchecked and trims text, dropping them never changes
 * whether a form is valid, nor what it parses to. 'no' and 0 are answers, so they are kept.
 */
export function isEmptyFieldValue(value: unknown): boolean {
  return value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');
}

/** §7: the fields to post, without the empty ones. Shallow, and it does not mutate its argument. */
export function dropEmptyFields<T extends object>(data: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    if (!isEmptyFieldValue(value)) kept[key] = value;
  }
  return kept;
}
