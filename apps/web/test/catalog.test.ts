import { allFlows, MESSAGES, messageCodeOf, screenFields } from '@app/funnel';
import { describe, expect, it } from 'vitest';
import { stepTextOf, type Catalog } from '../src/i18n/catalog';
import { translateError } from '../src/i18n/translate-error';
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

/** Values shown as they are: none (issue 28: the ticket's state picker shows state names). */
const SELF_LABELLED = new Set<string>();

describe.each<[string, Catalog]>([
  ['English', en],
  ['Spanish', es],
])('%s catalog', (_name, catalog) => {
  for (const flow of allFlows()) {
    for (const step of flow.steps) {
      it(`${flow.id}/${step.id} has a title and a label for every option and field`, () => {
        const text = stepTextOf(catalog, flow.topic, step);
        expect(text.title).not.toBe(step.id);
        expect(text.title).toBeTruthy();
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

  it('gives the ticket flow its own description hint, never the accident one (issue 11)', () => {
    const ticket = stepTextOf(catalog, 'traffic-ticket', { id: 'IncidentDescription' }).hint ?? '';
    const accident = stepTextOf(catalog, 'accident', { id: 'IncidentDescription' }).hint ?? '';
    expect(ticket).toBeTruthy();
    expect(ticket).not.toBe(accident);
    expect(ticket).not.toMatch(/driver|conductor|hurt|lastim/i);
    expect(stepTextOf(catalog, 'accident', { id: 'DUIIncidentDescription' }).hint).not.toBe(accident);
  });

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

  it('translates every validation message of the domain into Spanish, by its code (issue 11)', () => {
    for (const [code, message] of Object.entries(MESSAGES)) {
      const spanish = es.errors[messageCodeOf(message) ?? 'firstName'];
      expect(messageCodeOf(message), code).toBe(code);
      expect(spanish, code).toBeTruthy();
      expect(spanish, code).not.toBe(message);
    }
  });

  it('translates a message by its code, whatever its English words', () => {
    expect(translateError(es, MESSAGES.dateOfBirthAge)).toBe(
      'Por favor revise su fecha de nacimiento: debe tener entre 16 y 110 años',
    );
    expect(translateError(en, MESSAGES.zip)).toBe('Please provide a valid zip number');
    expect(translateError(es, 'A message the domain never gave')).toBe('A message the domain never gave');
  });
});
