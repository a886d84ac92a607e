/**
 * The server's phone and email checks (§5), shared by the validation calls, the SMS send and every posted
 * lead (issue 9: the browser's checks are advisory). A check of the same input within CHECK_REUSE_MS is
 * reused from validation_results instead of asking the vendor again; §5's verdicts decide
 * (providers/phone/phone-verdict.ts, providers/email/email-verdict.ts).
 *
 * §5's "second block of the same address is let through" counts the blocks the email check gave the
 * visitor (the validation call) within a day, not forever; the server's own check of a posted lead is kept
 * as a cached answer, never as a block, so a script posting the same address twice earns nothing.
 * Issue 29: a paying vendor is asked only within the site-wide cap (paid-lookup-cap.ts).
 */
import {
  EmailCheckResponseSchema,
  PhoneCheckResponseSchema,
  type EmailCheckOutcome,
  type PhoneCheckOutcome,
} from '@app/funnel';
import type { RecentCheck } from '../db/lead-check-reads';
import { countEmailBlocks, latestValidation, recordValidation, type ValidationEntry } from '../db/validation-store';
import { EMAIL_SERVICE_FAILURE, type EmailCheck } from '../providers/email/email-provider';
import { emailVerdict, type EmailVerdict } from '../providers/email/email-verdict';
import { phoneServiceFailure, type PhoneCheck } from '../providers/phone/phone-provider';
import { PHONE_FRAUD_SCORE_CAP, phoneVerdict, type PhoneVerdict } from '../providers/phone/phone-verdict';
import type { Services } from '../services';
import { allowPaidLookup } from './paid-lookup-cap';

export const CHECK_REUSE_MS = 24 * 60 * 60_000;
/** §5 "second block": blocks of an address count for a day. */
export const EMAIL_BLOCK_MEMORY_MS = 24 * 60 * 60_000;

/** A cached answer, read back with the §7 shapes (without the verdict the answers add). */
const PhoneCheckSchema = PhoneCheckResponseSchema.omit({ error: true });
const EmailCheckSchema = EmailCheckResponseSchema.omit({ blocked: true });

export interface PhoneReading {
  check: PhoneCheck;
  verdict: PhoneVerdict;
  outcome: PhoneCheckOutcome;
  /** What failed: invalid, fraud_score, toll_free or inactive; '' otherwise. */
  reason: string;
}

export interface EmailReading {
  check: EmailCheck;
  verdict: EmailVerdict;
  outcome: EmailCheckOutcome;
  addressKey: string;
}

function phoneReason(check: PhoneCheck, verdict: PhoneVerdict): string {
  if (!verdict.error) return '';
  if (!check.valid) return 'invalid';
  if (check.fraud_score > PHONE_FRAUD_SCORE_CAP) return 'fraud_score';
  if (check.line_type === 'Toll Free') return 'toll_free';
  return 'inactive';
}

/**
 * Where a fresh answer goes: recorded at once, or handed to `keep` to be recorded by the caller (a lead
 * records its checks with itself, in its own transaction: issue 15).
 */
async function recordFresh(services: Services, entry: ValidationEntry, keep?: (entry: ValidationEntry) => void) {
  if (keep) keep(entry);
  else await recordValidation(services.db, entry);
}

/**
 * The phone's check (reused when recent), read with §5's rules; a fresh answer is recorded (or kept, see
 * recordFresh). `recent`: the newest reusable result, already read (db/lead-check-reads.ts); absent, it is
 * read here.
 */
export async function readPhone(
  services: Services,
  phone: string,
  options: { olderVersion: boolean; recent?: RecentCheck; keep?: (entry: ValidationEntry) => void },
): Promise<PhoneReading> {
  const key = services.keys.of('phone', phone);
  const now = services.now();
  const cached =
    options.recent ??
    (await latestValidation(services.db, 'phone', key, { notBefore: new Date(now.getTime() - CHECK_REUSE_MS) }));
  const reused = PhoneCheckSchema.safeParse(cached?.result);
  let check: PhoneCheck;
  if (reused.success && reused.data.success) {
    check = reused.data;
  } else {
    check =
      services.providers.paidLookups.phone && !(await allowPaidLookup(services))
        ? phoneServiceFailure('site-wide lookup cap reached')
        : await services.providers.phone.check(phone);
    const fresh = phoneVerdict(check, options);
    await recordFresh(
      services,
      { kind: 'phone', key, blocked: fresh.error, result: check, createdAt: now },
      options.keep,
    );
  }
  const verdict = phoneVerdict(check, options);
  const outcome: PhoneCheckOutcome = verdict.error ? 'failed' : check.success ? 'passed' : 'unavailable';
  return { check, verdict, outcome, reason: phoneReason(check, verdict) };
}

/**
 * The email's check with §5's verdict. `asVisitorStep`: this is the visitor's own check at the step (a
 * fresh vendor answer, and a block counts toward the second-block rule); otherwise a recent answer is
 * reused and nothing counts as a block. `recent`: the newest reusable result and the address's blocks of
 * the day, already read (db/lead-check-reads.ts); absent, they are read here.
 */
export async function readEmail(
  services: Services,
  email: string,
  options:
    | { asVisitorStep: false; recent?: RecentCheck & { blocks: number }; keep?: (entry: ValidationEntry) => void }
    | { asVisitorStep: true },
): Promise<EmailReading> {
  const { db } = services;
  const addressKey = services.keys.of('email', email);
  const now = services.now();
  const recent = options.asVisitorStep ? undefined : options.recent;
  const cached = options.asVisitorStep
    ? undefined
    : (recent ??
      (await latestValidation(db, 'email', addressKey, { notBefore: new Date(now.getTime() - CHECK_REUSE_MS) })));
  const reused = EmailCheckSchema.safeParse(cached?.result);
  const fresh = !(reused.success && reused.data.success);
  const check: EmailCheck = !fresh
    ? reused.data
    : services.providers.paidLookups.email && !(await allowPaidLookup(services))
      ? EMAIL_SERVICE_FAILURE
      : await services.providers.email.check(email);
  const previousBlocks =
    recent?.blocks ??
    (await countEmailBlocks(db, addressKey, { since: new Date(now.getTime() - EMAIL_BLOCK_MEMORY_MS) }));
  const verdict = emailVerdict(check, previousBlocks);
  if (fresh) {
    const entry: ValidationEntry = {
      kind: 'email',
      key: addressKey,
      blocked: options.asVisitorStep && verdict.blocked,
      result: check,
      createdAt: now,
    };
    await recordFresh(services, entry, options.asVisitorStep ? undefined : options.keep);
  }
  if (verdict.alert && verdict.reason) {
    await services.alerts.raise({ kind: 'email_let_through', reason: verdict.reason, addressKey });
  }
  const outcome: EmailCheckOutcome = verdict.blocked
    ? 'blocked'
    : verdict.alert
      ? 'let_through'
      : check.success
        ? 'passed'
        : 'unavailable';
  return { check, verdict, outcome, addressKey };
}
