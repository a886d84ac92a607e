/**
 * The survey's validation messages, in the exact words of spec §5 where it gives them (English). Each has
 * a stable code (its key: MessageCode); the web catalogs translate by code, never by the English sentence
 * (issue 11), and the server's 400 answers carry the English. Apart from the schemas (field-schemas.ts) so that the
 * browser's first screens can read them without loading the schemas (issue 10).
 */
import { CASE_DESCRIPTION_MIN_CHARS, DATE_OF_BIRTH_MAX_AGE, DATE_OF_BIRTH_MIN_AGE } from '../constants';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../text/text-hygiene';
import { CHOOSE_ANSWER_MESSAGE } from './choose-answer-message';

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
  chooseAnswer: CHOOSE_ANSWER_MESSAGE,
  answerQuestion: 'Please answer this question',
  dateOfBirth: 'Please provide a valid date of birth',
  dateOfBirthAge: `Please check your date of birth: you must be between ${DATE_OF_BIRTH_MIN_AGE} and ${DATE_OF_BIRTH_MAX_AGE} years old`,
  lawFirm: 'Please provide the name of your law firm',
  address: 'Please provide your street address',
  invisibleCharacters: INVISIBLE_CHARACTERS_MESSAGE,
  descriptionTooLong: 'The description can be at most 5000 characters',
  /** §5 SMS code (issue 13): fewer than 6 characters. */
  incorrectCode: 'Incorrect code, make sure you have put in all the correct numbers.',
  /** §5 SMS code (issue 13): the check did not approve the code. */
  verificationFailed: "Verification failed, please enter the code you've received.",
} as const;

/** A validation message's stable code. */
export type MessageCode = keyof typeof MESSAGES;

function isMessageCode(key: string): key is MessageCode {
  return Object.hasOwn(MESSAGES, key);
}

const CODE_BY_MESSAGE = new Map<string, MessageCode>();
for (const [code, message] of Object.entries(MESSAGES)) if (isMessageCode(code)) CODE_BY_MESSAGE.set(message, code);

/** The code of a message the validation gave, or null for one it does not know. */
export function messageCodeOf(message: string): MessageCode | null {
  return CODE_BY_MESSAGE.get(message) ?? null;
}

/** §5's two SMS messages (issue 13), by name for the verification schema and the modal. */
export const INCORRECT_CODE_MESSAGE = MESSAGES.incorrectCode;
export const VERIFICATION_FAILED_MESSAGE = MESSAGES.verificationFailed;
