/**
 * The remote checks of spec §5 (email, phone, zip, description text), started as early as the visitor's
 * input allows (issue 10): an email after a pause in typing or when the field is left, a phone or zip as
 * soon as it is complete. The step's tap then waits at most for a check still on its way. A failed call
 * never stops a visitor (§8).
 */
import {
  EmailCheckResponseSchema,
  EmailSchema,
  PhoneCheckResponseSchema,
  PhoneSchema,
  TextCheckResponseSchema,
  ZipCodeSchema,
  type ValidateEmailBodySchema,
  type ValidatePhoneBodySchema,
  type ValidateTextBodySchema,
} from '@app/funnel';
import type { z } from 'zod';
import { apiCall } from '../../api/api-client';
import type { CheckMoment } from '../screens/screen-props';
import { lookupZip, type ZipLookup } from './lookup-zip';

const CHECK_TIMEOUT_MS = 6000;

/**
 * One check through the one API client: its answer, or null when it gave none (§8). Asked once, never
 * retried: the server counts each ask (§5's second block of one email passes), and the tap waits on it.
 */
async function checked<S extends z.ZodType>(
  path: string,
  body: unknown,
  answer: S,
  fetchImpl: typeof fetch | undefined,
): Promise<z.infer<S> | null> {
  const result = await apiCall({ path, body, answer, timeoutMs: CHECK_TIMEOUT_MS, attempts: 1, fetchImpl });
  return result.ok ? result.data : null;
}

export interface RemoteChecks {
  /** A field's value as typed, or when left: starts its check when the value is complete and valid. */
  prime: (field: string, value: string, moment: CheckMoment) => void;
  /** §5: the email is blocked (invalid or disposable); false when the check gave no answer (§8). */
  emailBlocked: (email: string) => Promise<boolean>;
  /** §5: the phone is refused (invalid, not active, fraud score, toll free); false without an answer (§8). */
  phoneRefused: (phone: string) => Promise<boolean>;
  zip: (zip: string) => Promise<ZipLookup>;
  /**
   * The zip's lookup, when one started early is in (not taken): what the tap's `zip` will answer, so the
   * visitor's pause can work the answer out with the place it brings (issue 33, INP).
   */
  zipKnown: (zip: string) => ZipLookup | undefined;
  /** §5 is_gibberish from the text check, or null when it gave no answer. */
  textVerdict: (text: string) => Promise<'yes' | 'no' | null>;
}

export interface RemoteCheckOptions {
  /** The landing path, for the phone check's older-versions rule (§5). */
  landingPath: string;
  /** §5: the multi-step form applies only the length check to the phone. */
  remotePhoneCheck: boolean;
  /** How long typing must pause before an email is checked. */
  typingPauseMs?: number;
  /** The checks' fetch (tests: a local server); the browser's own by default. */
  fetchImpl?: typeof fetch;
}

/**
 * A check started early for a value (`start`) and taken by the tap (`take`): the tap gets the check
 * already on its way or done, or starts one. A taken check is forgotten, so the next tap asks the server
 * again (§5: the second block of one email is let through, and the server counts the asks).
 */
function earlyCheck<T>(run: (value: string) => Promise<T>) {
  const started = new Map<string, Promise<T>>();
  // The answers of the checks started and not taken yet, once they are in (`known`).
  const answered = new Map<string, T>();
  return {
    start(value: string): void {
      if (started.has(value)) return;
      const check = run(value);
      started.set(value, check);
      void check.then(
        (answer) => {
          if (started.get(value) === check) answered.set(value, answer);
        },
        () => undefined,
      );
    },
    take(value: string): Promise<T> {
      const check = started.get(value) ?? run(value);
      started.delete(value);
      answered.delete(value);
      return check;
    },
    /** The answer of the check started for this value, when it is in; the tap's `take` will get the same. */
    known(value: string): T | undefined {
      return answered.get(value);
    },
  };
}

export function createRemoteChecks(options: RemoteCheckOptions): RemoteChecks {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const email = earlyCheck((value) =>
    checked(
      '/api/validate/email',
      { email: value } satisfies z.input<typeof ValidateEmailBodySchema>,
      EmailCheckResponseSchema,
      options.fetchImpl,
    ),
  );
  const phone = earlyCheck((value) =>
    checked(
      '/api/validate/phone',
      { phone: value, landing_path: options.landingPath } satisfies z.input<typeof ValidatePhoneBodySchema>,
      PhoneCheckResponseSchema,
      options.fetchImpl,
    ),
  );
  const zip = earlyCheck((value) => lookupZip(value, options.fetchImpl));
  const text = earlyCheck((value) =>
    checked(
      '/api/validate/text',
      { text: value } satisfies z.input<typeof ValidateTextBodySchema>,
      TextCheckResponseSchema,
      options.fetchImpl,
    ),
  );

  return {
    emailBlocked: (value) => email.take(value).then((answer) => answer?.blocked === true),
    phoneRefused: (value) => phone.take(value).then((answer) => answer?.error === true),
    zip: (value) => zip.take(value),
    zipKnown: (value) => zip.known(value),
    textVerdict: (value) => text.take(value).then((answer) => answer?.is_gibberish ?? null),
    prime(field, value, moment) {
      if (field === 'email') {
        const parsed = EmailSchema.safeParse(value);
        if (!parsed.success) return;
        clearTimeout(timers.get(field));
        if (moment === 'leaving') email.start(parsed.data);
        else
          timers.set(
            field,
            setTimeout(() => email.start(parsed.data), options.typingPauseMs ?? 600),
          );
      } else if (field === 'phone' && options.remotePhoneCheck) {
        const parsed = PhoneSchema.safeParse(value);
        if (parsed.success) phone.start(parsed.data);
      } else if (field === 'zip_code') {
        const parsed = ZipCodeSchema.safeParse(value);
        if (parsed.success) zip.start(parsed.data);
      }
    },
  };
}
