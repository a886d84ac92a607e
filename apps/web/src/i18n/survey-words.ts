/**
 * The words a survey page shows before its form screens load (issue 10): the route's own step texts (its
 * case's where it has them), the few buttons and labels of the page, and the footer. The server writes
 * them into the page data (app/page-data.ts), so a survey route loads no language chunk before its first
 * answer: the whole catalog (every flow's steps, the error messages, the consent and SMS words) comes with
 * the form screens, while the visitor reads.
 */
import type { FlowDefinition } from '@app/funnel';
import { stepTextOf, type Catalog, type StepText } from './catalog';

export interface SurveyWords {
  /** Per step id of the route's flow. */
  steps: Record<string, StepText>;
  ui: Pick<Catalog['ui'], 'back' | 'callInstead' | 'otherLanguage' | 'progressLabel' | 'submitting'>;
  footer: Catalog['footer'];
}

export function surveyWordsOf(catalog: Catalog, flow: FlowDefinition): SurveyWords {
  const { back, callInstead, otherLanguage, progressLabel, submitting } = catalog.ui;
  const steps: Record<string, StepText> = {};
  for (const step of flow.steps) steps[step.id] = stepTextOf(catalog, flow.topic, step);
  return { steps, ui: { back, callInstead, otherLanguage, progressLabel, submitting }, footer: catalog.footer };
}

/** A step's text from the words; the step id itself where a catalog lacks it (as stepTextOf does). */
export function stepWords(words: SurveyWords, stepId: string): StepText {
  return words.steps[stepId] ?? { title: stepId };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStepText(value: unknown): value is StepText {
  if (!isRecord(value) || typeof value.title !== 'string') return false;
  if (value.hint !== undefined && typeof value.hint !== 'string') return false;
  return (
    value.labels === undefined ||
    (isRecord(value.labels) && Object.values(value.labels).every((l) => typeof l === 'string'))
  );
}

function allStrings(value: unknown, keys: readonly string[]): boolean {
  return isRecord(value) && keys.every((key) => typeof value[key] === 'string');
}

const UI_KEYS = [
  'back',
  'callInstead',
  'otherLanguage',
  'progressLabel',
  'submitting',
] as const satisfies readonly (keyof SurveyWords['ui'])[];
const FOOTER_KEYS = [
  'advertisement',
  'attorneyAdvertising',
  'averageClaim',
  'copyright',
  'linksLabel',
  'privacy',
  'terms',
  'doNotSell',
  'sponsors',
  'secure',
] as const satisfies readonly (keyof Catalog['footer'])[];

/** The server wrote them; checked anyway (a page saved and edited must not crash the app). */
export function isSurveyWords(value: unknown): value is SurveyWords {
  return (
    isRecord(value) &&
    isRecord(value.steps) &&
    Object.values(value.steps).every(isStepText) &&
    allStrings(value.ui, UI_KEYS) &&
    allStrings(value.footer, FOOTER_KEYS)
  );
}
