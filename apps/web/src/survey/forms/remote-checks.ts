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
} from '@app/funnel';
import type { z } from 'zod';
import type { CheckMoment } from '../screens/screen-props';
import { lookupZip, type ZipLookup } from './lookup-zip';

async function postChecked<S extends z.ZodType>(url: string, body: object, schema: S): Promise<z.infer<S> | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(6000),
    });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface RemoteChecks {
  /** A field's value as typed, or when left: starts its check when the value is complete and valid. */
  prime: (field: string, value: string, moment: CheckMoment) => void;
  /** §5: the email is blocked (invalid or disposable); false when the check gave no answer (§8). */
  emailBlocked: (email: string) => Promise<boolean>;
  /** §5: the phone is refused (invalid, not active, fraud score, toll free); false without an answer (§8). */
  phoneRefused: (phone: string) => Promise<boolean>;
  zip: (zip: string) => Promise<ZipLookup>;
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
}

/**
 * A check started early for a value (`start`) and taken by the tap (`take`): the tap gets the check
 * already on its way or done, or starts one. A taken check is forgotten, so the next tap asks the server
 * again (§5: the second block of one email is let through, and the server counts the asks).
 */
function earlyCheck<T>(run: (value: string) => Promise<T>) {
  const started = new Map<string, Promise<T>>();
  return {
    start(value: string): void {
      if (!started.has(value)) started.set(value, run(value));
    },
    take(value: string): Promise<T> {
      const check = started.get(value) ?? run(value);
      started.delete(value);
      return check;
    },
  };
}

export function createRemoteChecks(options: RemoteCheckOptions): RemoteChecks {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const email = earlyCheck((value) => postChecked('/api/validate/email', { email: value }, EmailCheckResponseSchema));
  const phone = earlyCheck((value) =>
    postChecked('/api/validate/phone', { phone: value, landing_path: options.landingPath }, PhoneCheckResponseSchema),
  );
  const zip = earlyCheck(lookupZip);
  const text = earlyCheck((value) => postChecked('/api/validate/text', { text: value }, TextCheckResponseSchema));

  return {
    emailBlocked: (value) => email.take(value).then((answer) => answer?.blocked === true),
    phoneRefused: (value) => phone.take(value).then((answer) => answer?.error === true),
    zip: (value) => zip.take(value),
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
