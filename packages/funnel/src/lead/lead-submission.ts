/**
 * The body of POST /post-lead (spec §7): the raw answers, contact, tracking and consent evidence.
 * Derived fields and the verdict are not part of it: the server computes them (lead/derive-lead.ts).
 * Unknown keys are stripped, so a client that sends its own verdict has it ignored.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants';
import { machineText, TrackingSchema } from '../tracking/tracking-fields';
import { ConsentFieldsSchema } from './consent-fields';
import { EmailSchema, FirstNameSchema, LastNameSchema, PhoneSchema, ZipCodeSchema } from './field-schemas';
import { SurveyAnswersSchema } from './survey-answers-schema';

export const LanguageSchema = z.enum(LANGUAGES);

export const LeadSubmissionSchema = SurveyAnswersSchema.extend({
  lead_id: z.uuid({ error: 'lead_id must be a UUID' }),
  /**
   * The variant and language the page says it ran. A claim only: the server reads both off
   * landing_page_url (lead/read-submission.ts) and keeps these beside its own reading.
   */
  variant: machineText(60),
  language: LanguageSchema,
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  zip_code: ZipCodeSchema,
  /** The consent text exactly as the visitor saw it next to the submit button. */
  tcpa: machineText(4000, 'tcpa consent text is required'),
  landing_page: machineText(500),
  landing_page_url: machineText(2000),
  page_referer: machineText(2000),
  time_on_steps: machineText(4000),
  /**
   * Consent certificates (§3 Tracking): TrustedForm and Jornaya LeadiD, when the page loaded their
   * scripts. Empty when it did not: the consent text and page URL above remain the evidence.
   */
  trusted_form_cert_id: machineText(500).default(''),
  trustedform_cert_url: machineText(1000).default(''),
  leadid_token: machineText(500).default(''),
  /** §3 lp_s2 (§9 google 75% / facebook 25%, sticky per visitor) and the pre-population flag (§7, issue 13). */
  lp_s2: z.enum(['google', 'facebook']).optional(),
  pre_populate: z.enum(['yes', 'no']).optional(),
  /** §7 "public IP lookup": the address the page saw (issue 13); the server stores its own beside it. */
  ip_address: machineText(64).optional(),
  /** The step path the visitor walked, in order: the server checks it is a walk of the landing path's flow. */
  steps_path: z.array(machineText(60)).max(60),
  /**
   * Issue 27: the page's UTC offset in minutes east (−480 in California in winter). The server counts the
   * accident's age from the visitor's date (lead/visitor-day.ts), the offset bounded to US zones; a value
   * that is not a number is dropped (the lead is judged on Hawaii's date), never a refused lead.
   */
  utc_offset_minutes: z.number().int().min(-1440).max(1440).optional().catch(undefined),
  /**
   * §3 debug_id: the page build that made the lead (its survey chunk's name), so an operator can tell which
   * version of the page a lead came from (docs/spec-decisions.md).
   */
  debug_id: machineText(200).default(''),
})
  .extend(TrackingSchema.shape)
  .extend(ConsentFieldsSchema.shape);

export type { Language };

export type LeadSubmission = z.infer<typeof LeadSubmissionSchema>;
