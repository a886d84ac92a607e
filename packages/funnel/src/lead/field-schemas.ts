/**
 * One zod schema per input the visitor fills, with the exact messages of spec §5. The web form and
 * the server parse with the same schema, so a value the browser accepted is one the server accepts.
 */
import { z } from 'zod';
import { CASE_DESCRIPTION_MIN_CHARS, ZIP_LENGTH } from '../constants';
import { hasInvisibleCharacters, type HygieneOptions } from '../text/text-hygiene';
import { isRealDate } from './dates';
import { MESSAGES } from './messages';
import { US_PHONE_PATTERN, usPhoneDigits } from './us-phone';

export { MESSAGES } from './messages';

/**
 * A field the visitor types: control and format characters and lone surrogates are refused with a
 * message (text/text-hygiene.ts), at the step and by the server alike.
 */
export function typedText(schema: z.ZodString, options: HygieneOptions = {}): z.ZodString {
  return schema.refine((value) => !hasInvisibleCharacters(value, options), MESSAGES.invisibleCharacters);
}

const NAME_MAX = 60;

export const FirstNameSchema = typedText(
  z.string({ error: MESSAGES.firstName }).trim().min(1, MESSAGES.firstName).max(NAME_MAX, MESSAGES.firstName),
);

export const LastNameSchema = typedText(
  z.string({ error: MESSAGES.lastName }).trim().min(1, MESSAGES.lastName).max(NAME_MAX, MESSAGES.lastName),
);

export const EmailSchema = typedText(z.string({ error: MESSAGES.email }).trim().toLowerCase()).pipe(
  z.email({ error: MESSAGES.email }).max(254, MESSAGES.email),
);

/** A US phone (lead/us-phone.ts), stored as its ten national digits. */
export const PhoneSchema = z
  .string({ error: MESSAGES.phone })
  .transform(usPhoneDigits)
  .pipe(z.string().regex(US_PHONE_PATTERN, MESSAGES.phone));

/** §5: masked to 5 digits. */
export const ZipCodeSchema = z
  .string({ error: MESSAGES.zip })
  .trim()
  .regex(new RegExp(`^\\d{${ZIP_LENGTH}}$`), MESSAGES.zip);

/** The one multi-line field: line breaks are allowed, other control characters are not. */
export const CaseDescriptionSchema = typedText(
  z
    .string({ error: MESSAGES.caseDescription })
    .trim()
    .min(CASE_DESCRIPTION_MIN_CHARS, MESSAGES.caseDescription)
    .max(5000, MESSAGES.descriptionTooLong),
  { lineBreaks: true },
);

export const DateOfBirthSchema = z
  .string({ error: MESSAGES.dateOfBirth })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dateOfBirth)
  .refine((value) => isRealDate(value) && value >= '1900-01-01', MESSAGES.dateOfBirth);

export const ShortTextSchema = typedText(z.string().trim().max(200));

export const LawFirmNameSchema = typedText(
  z.string({ error: MESSAGES.lawFirm }).trim().min(1, MESSAGES.lawFirm).max(200, MESSAGES.lawFirm),
);

export const YesNoSchema = z.enum(['yes', 'no']);
export const YesNoTitleSchema = z.enum(['Yes', 'No']);

/** A calendar date as YYYY-MM-DD (lead/dates.ts computes with them). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
  .refine((value) => isRealDate(value), 'Not a calendar date');

export type IsoDate = z.infer<typeof IsoDateSchema>;
