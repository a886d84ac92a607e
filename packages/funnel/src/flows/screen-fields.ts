/** Which answer fields each screen writes, so the engine can clear and prune them. */
import { ANSWER_FIELDS, type AnswerField } from '../lead/survey-answers';
import type { FormScreenKind, Screen } from './flow-definition';

export const FORM_SCREEN_FIELDS: Record<FormScreenKind, readonly AnswerField[]> = {
  'incident-date': ['injury_year', 'injury_month', 'injury_day'],
  description: ['case_description', 'hit_and_run'],
  'name-email': ['first_name', 'last_name', 'email'],
  'phone-zip': ['phone', 'zip_code'],
  zip: ['zip_code', '1_to_1_consent'],
  phone: ['phone'],
  'all-pii': ['first_name', 'last_name', 'email', 'phone', 'zip_code'],
  'date-of-birth': ['date_of_birth'],
  'law-firm': ['law_firm_name', 'attorney_name'],
};

const KNOWN_FIELDS: ReadonlySet<string> = new Set(ANSWER_FIELDS);

function isAnswerField(key: string): key is AnswerField {
  return KNOWN_FIELDS.has(key);
}

/** A choice screen's fields, read once per screen (issue 15: the server's walk replay asks often). */
const choiceFields = new WeakMap<Screen, readonly AnswerField[]>();

export function screenFields(screen: Screen): readonly AnswerField[] {
  if (screen.kind === 'questions') return screen.questions.map((q) => q.field);
  if (screen.kind === 'description' && screen.hitAndRun === false) return ['case_description'];
  if (screen.kind !== 'choice') return FORM_SCREEN_FIELDS[screen.kind];
  const known = choiceFields.get(screen);
  if (known !== undefined) return known;
  const fields = new Set<AnswerField>();
  for (const option of screen.options) {
    for (const key of Object.keys(option.set)) if (isAnswerField(key)) fields.add(key);
  }
  const list = [...fields];
  choiceFields.set(screen, list);
  return list;
}
