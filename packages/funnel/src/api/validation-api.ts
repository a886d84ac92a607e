/** Bodies and answers of the validation calls (spec §7; paths fixed in issue 4). */
import { z } from 'zod';
import { typedText } from '../lead/field-schemas';

/** The description the visitor typed: line breaks allowed, other control characters refused. */
export const ValidateTextBodySchema = z.object({
  text: typedText(
    z.string({ error: 'text is required' }).min(1, 'text is required').max(5000, 'text is at most 5000 characters'),
    { lineBreaks: true },
  ),
});
export const TextCheckResponseSchema = z.object({ is_gibberish: z.enum(['yes', 'no']) });

export const ValidatePhoneBodySchema = z.object({
  phone: z.string({ error: 'phone is required' }).min(1, 'phone is required').max(40, 'phone is at most 40 characters'),
  /** The landing path the visitor came through: §5's older versions check the phone differently. */
  landing_path: z.string().max(200).optional(),
});
/** §7 phone answer, plus the server's §5 verdict (`error` → "Please provide a valid phone number"). */
export const PhoneCheckResponseSchema = z.object({
  success: z.boolean(),
  valid: z.boolean(),
  fraud_score: z.number(),
  line_type: z.string(),
  active: z.boolean(),
  message: z.string(),
  error: z.boolean(),
});

export const ValidateEmailBodySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .min(1, 'email is required')
    .max(254, 'email is at most 254 characters'),
});
/** §7 email answer, plus the server's §5 verdict (`blocked` → "Please provide a valid email"). */
export const EmailCheckResponseSchema = z.object({
  success: z.boolean(),
  valid: z.boolean(),
  disposable: z.boolean(),
  fraud_score: z.number(),
  dns_valid: z.boolean(),
  blocked: z.boolean(),
});

export type PhoneCheckResponse = z.infer<typeof PhoneCheckResponseSchema>;
export type EmailCheckResponse = z.infer<typeof EmailCheckResponseSchema>;
