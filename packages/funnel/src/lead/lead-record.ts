/**
 * The stored lead: the submission as the server parsed it, overlaid with the server's own derived
 * fields and verdict, plus what only the server knows (IP, user agent, time received).
 */
import { z } from 'zod';
import { POSTING_FALLBACK_AFFID } from '../constants';
import { ACCIDENT_AGE_LIMITS } from '../rules/accident-age-limits';
import { STANDARD_POLICY } from '../flows/policies';
import {
  contactCheckReason,
  EmailCheckOutcomeSchema,
  PhoneCheckOutcomeSchema,
  type ContactChecks,
} from '../rules/contact-checks';
import { formatBuyerIds, NO_FIRM_CHOSEN_VERDICT } from '../rules/consent-buyers';
import { overlay } from './overlay';
import { deriveLead } from './derive-lead';
import { DerivedFieldsSchema } from './derived-fields';
import { LanguageSchema, LeadSubmissionSchema, type Language, type LeadSubmission } from './lead-submission';
import { readSubmission, SUBMISSION_PROBLEMS, type LeadDestination } from './read-submission';
import { ANSWER_FIELDS, type AnswerField, type SurveyAnswers } from './survey-answers';
import { visitorDateOf } from './visitor-day';
import { WORD_LISTS } from '../text/word-lists';
import { looksLikeGibberish } from '../text/description-checks';
import type { ZipPlace } from './zip-place';

export const LeadSchema = LeadSubmissionSchema.extend(DerivedFieldsSchema.shape).extend({
  // Re-tagging may replace them (derived), but a stored lead always has both.
  oid: z.string(),
  affid: z.string(),
  ip_address: z.string(),
  user_agent: z.string(),
  sec_gpc: z.enum(['yes', 'no']),
  /** The email or phone is on the suppression list (an opt-out of sale or a deletion request). */
  suppressed: z.enum(['yes', 'no']),
  received_at: z.string(),
  /**
   * Issue 27: the visitor's date the lead was judged on (received_at on the visitor's calendar,
   * lead/visitor-day.ts): every day count of the lead is from it. Absent on older rows (UTC dates).
   */
  judged_on: z.string().optional(),
  /** §3 sms_verified: yes only when the server approved an SMS check of this phone (issue 13). */
  sms_verified: z.enum(['yes', 'no']),
  /** The server's variant and language, from the landing path (read-submission.ts). */
  variant: z.string(),
  language: LanguageSchema,
  /** What the body said, kept when it disagrees with the server's reading. */
  claimed_variant: z.string(),
  claimed_language: LanguageSchema,
  /** Why the server could not judge the lead under its landing path's variant; empty when it could. */
  submission_problems: z.array(z.enum(SUBMISSION_PROBLEMS)),
  /** The server's own checks of the phone and the email (rules/contact-checks.ts). */
  phone_check: PhoneCheckOutcomeSchema,
  phone_check_reason: z.string(),
  email_check: EmailCheckOutcomeSchema,
  email_check_reason: z.string(),
  /** The consent text version the server renders for this lead's brand, language, variant and buyers. */
  consent_version: z.string(),
  /** yes when `tcpa` (what the page sent) is not that version's text. */
  consent_mismatch: z.enum(['yes', 'no']),
  /**
   * Issue 13: buyer ids the body named in its consent fields that the server never offered on that page
   * (`_id_id_`), kept out of selected_buyers; empty when there were none. Absent on older rows.
   */
  consent_buyers_refused: z.string().optional(),
  /** Issue 13: the IP the page's lookup reported, when it is not the one the server saw (ip_address). */
  page_ip_address: z.string().optional(),
});

export type Lead = z.infer<typeof LeadSchema>;

export interface ServerFacts {
  receivedAt: Date;
  /**
   * The variant the server showed this visitor on the landing path instead of the path's own: the
   * experiment arm its signed cookie proves (issue 16). Absent: the route registry's variant.
   */
  assignedVariant?: string | undefined;
  place: ZipPlace | null;
  ipAddress: string;
  userAgent: string;
  secGpc: boolean;
  /** The server's text check on case_description, or null when it gave no verdict (§8). */
  isGibberish: 'yes' | 'no' | null;
  /** The contact is on the suppression list. */
  suppressed: boolean;
  /** The server's phone and email checks (§5, issue 9). */
  contactChecks: ContactChecks;
  /** The consent version the server renders for the lead's variant and language (its id and text). */
  consentFor: (reading: { variant: string; language: Language }) => { version: string; text: string };
  /** Issue 13: the server approved an SMS check of the lead's phone (never read from the body). */
  smsVerified?: boolean;
  /** Issue 13: ids of buyers the body's consent fields named that the server never offered. */
  consentBuyersRefused?: readonly string[];
  /** Issue 28: firms were offered one by one and the visitor kept none (rules/consent-buyers.ts). */
  consentDeclined?: boolean;
}

/** Every lead holds its contact details; the other answers are the survey's, and only the walked ones count. */
const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'zip_code'] as const;
type SurveyOnlyField = Exclude<AnswerField, (typeof CONTACT_FIELDS)[number]>;
const SURVEY_ONLY_FIELDS = ANSWER_FIELDS.filter((field): field is SurveyOnlyField =>
  CONTACT_FIELDS.every((contact) => contact !== field),
);

/** The submission with only the answers the server judged (answers off the walk are not the visitor's). */
function withJudgedAnswers(submission: LeadSubmission, answers: SurveyAnswers): LeadSubmission {
  // Assigned onto an empty object, not spread (lead/overlay.ts); set to undefined, not deleted: a deleted
  // key turns the object into a slow dictionary (issue 15). The stored JSON has no undefined values either way.
  const kept: LeadSubmission = Object.assign({}, submission);
  for (const field of SURVEY_ONLY_FIELDS) if (answers[field] === undefined) kept[field] = undefined;
  return kept;
}

/** A lead kept but never sent, not even to buyers of disqualified leads. */
function unsellable(dqReason: string) {
  return { is_disqualified: true, dq_reason: dqReason, do_not_send_to_dq: 'yes', lead_is_qualified: 'no' } as const;
}

/**
 * The server's reading of a submission: the variant its landing path names (never the one the body
 * claims), every derived field recomputed from the raw answers under that variant's rules. A lead the
 * server cannot judge under its landing path (read-submission.ts) is kept with the reason, never sold.
 * A suppressed contact asked not to have their information sold: kept, never sent. A lead whose phone or
 * email fails the server's own check (§5, rules/contact-checks.ts) is kept, never sent.
 */
export function buildLeadRecord(submission: LeadSubmission, facts: ServerFacts, destination: LeadDestination): Lead {
  const today = visitorDateOf(facts.receivedAt, submission.utc_offset_minutes);
  const tracking = { oid: submission.oid, affid: submission.affid, lp_campaign_id: submission.lp_campaign_id };
  const base = { today, place: facts.place, stateLimits: ACCIDENT_AGE_LIMITS, tracking };
  const reading = readSubmission(submission, destination, base, facts.assignedVariant);
  const derived = deriveLead(
    reading.answers,
    overlay(base, {
      policy: reading.flow?.policy ?? STANDARD_POLICY,
      textVerdict: facts.isGibberish ?? undefined,
      wordLists: WORD_LISTS,
      gibberishReading: looksLikeGibberish,
    }),
  );
  const [problem] = reading.problems;
  const checkFailed = contactCheckReason(facts.contactChecks);
  const consent = facts.consentFor(reading);
  return overlay(
    withJudgedAnswers(submission, reading.answers),
    derived,
    problem
      ? unsellable(`submission|${problem}`)
      : facts.suppressed
        ? unsellable('suppressed|yes')
        : facts.consentDeclined === true
          ? NO_FIRM_CHOSEN_VERDICT
          : checkFailed
            ? unsellable(checkFailed)
            : {},
    {
      suppressed: facts.suppressed ? 'yes' : 'no',
      affid: derived.affid ?? (submission.affid || POSTING_FALLBACK_AFFID),
      oid: derived.oid ?? submission.oid,
      ip_address: facts.ipAddress,
      page_ip_address:
        submission.ip_address !== undefined && submission.ip_address !== facts.ipAddress ? submission.ip_address : '',
      user_agent: facts.userAgent,
      sec_gpc: facts.secGpc ? 'yes' : 'no',
      received_at: facts.receivedAt.toISOString(),
      judged_on: today,
      sms_verified: facts.smsVerified === true ? 'yes' : 'no',
      variant: reading.variant,
      language: reading.language,
      claimed_variant: submission.variant,
      claimed_language: submission.language,
      submission_problems: reading.problems,
      phone_check: facts.contactChecks.phone,
      phone_check_reason: facts.contactChecks.phoneReason,
      email_check: facts.contactChecks.email,
      email_check_reason: facts.contactChecks.emailReason,
      consent_version: consent.version,
      consent_mismatch: submission.tcpa === consent.text ? 'no' : 'yes',
      consent_buyers_refused: formatBuyerIds([{ name: 'refused', ids: [...(facts.consentBuyersRefused ?? [])] }]),
    } as const,
  );
}
