import { allFlows, MESSAGES, screenFields } from '@app/funnel';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../src/i18n/catalog';
import { catalog as en } from '../src/i18n/languages/en';
import { catalog as es } from '../src/i18n/languages/es';

const FORM_LABELLED = new Set([
  'first_name',
  'last_name',
  'email',
  'phone',
  'zip_code',
  'date_of_birth',
  'law_firm_name',
  'attorney_name',
  'case_description',
]);

/** Values shown as they are: state codes. */
const SELF_LABELLED = new Set(['ticket_state']);

describe.each<[string, Catalog]>([
  ['English', en],
  ['Spanish', es],
])('%s catalog', (_name, catalog) => {
  for (const flow of allFlows()) {
    for (const step of flow.steps) {
      it(`${flow.id}/${step.id} has a title and a label for every option and field`, () => {
        const text = catalog.steps[step.id];
        expect(text?.title).toBeTruthy();
        if (step.screen.kind === 'choice') {
          for (const option of step.screen.options) expect(text?.labels?.[option.id], option.id).toBeTruthy();
        } else if (step.screen.kind === 'questions') {
          // What QuestionsScreen shows: the step's label or the shared field label; option labels from `values`.
          for (const q of step.screen.questions) {
            expect(text?.labels?.[q.field] ?? catalog.fieldLabels[q.field], q.field).toBeTruthy();
            if (q.options && !SELF_LABELLED.has(q.field)) {
              for (const value of q.options)
                expect(catalog.values[q.field]?.[value], `${q.field}=${value}`).toBeTruthy();
            }
          }
        } else {
          for (const field of screenFields(step.screen).filter((f) => FORM_LABELLED.has(f))) {
            expect(text?.labels?.[field], field).toBeTruthy();
          }
        }
      });
    }
  }

  it('has one month name per month', () => {
    expect(catalog.ui.months).toHaveLength(12);
  });
});

describe('message translations', () => {
  it('counts the characters still needed in words a visitor reads (§2)', () => {
    expect(en.ui.charactersNeeded(1)).toBe('1 more character needed');
    expect(en.ui.charactersNeeded(12)).toBe('12 more characters needed');
    expect(es.ui.charactersNeeded(12)).toBe('Faltan 12 caracteres');
  });

  it('translates every validation message of the domain into Spanish', () => {
    for (const message of Object.values(MESSAGES)) expect(es.errors[message], message).toBeTruthy();
  });
});
