/**
 * The survey's validation messages, in the exact words of spec §5 where it gives them (English; the web
 * catalogs translate them by these strings). Apart from the schemas (field-schemas.ts) so that the
 * browser's first screens can read them without loading the schemas (issue 10).
 */
import { CASE_DESCRIPTION_MIN_CHARS } from '../constants';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../text/text-hygiene';

export const MESSAGES = {
  firstName: 'Please provide a first name',
  lastName: 'Please provide a last name',
  email: 'Please provide a valid email',
  phone: 'Please provide a valid phone number',
  zip: 'Please provide a valid zip number',
  caseDescription: `Please describe the incident in at least ${CASE_DESCRIPTION_MIN_CHARS} characters`,
  accidentYear: 'Please select the year of the accident',
  accidentMonth: 'Please select the month of the accident',
  accidentDate: 'The accident date cannot be in the future',
  accidentDay: 'Please select a valid day',
  chooseAnswer: 'Please choose an answer',
  answerQuestion: 'Please answer this question',
  dateOfBirth: 'Please provide a valid date of birth',
  lawFirm: 'Please provide the name of your law firm',
  address: 'Please provide your street address',
  invisibleCharacters: INVISIBLE_CHARACTERS_MESSAGE,
} as const;
