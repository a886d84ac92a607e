/**
 * Everything a page loads after the entry script, each as its own chunk (issue 10, architecture §6): the
 * route's flow (one module per variant in the domain's flows/by-variant/), the page's language, and the
 * survey's form screens with their schemas and calls. Each is known by its id in the build (the path from
 * the web root, as Vite's manifest names it), so the server can preload a page's chunks in its HTML.
 */
import type { FlowDefinition, Language } from '@app/funnel';
import type { ComponentType } from 'react';
import type { Catalog } from '../i18n/catalog';
import type { NotFoundPageProps } from '../pages/not-found-page';
import type { LandingPageProps } from '../pages/landing-page';
import type { LegalPageProps } from '../pages/legal-page';
import type { OptOutPageProps } from '../pages/opt-out-page';
import type { ThankYouPageProps } from '../pages/thank-you-page';
import type { SiteText } from '../site/text/site-text';
import type { SurveyForms } from '../survey/forms/survey-forms';
import type { ProgressOutbox } from '../survey/progress/progress-outbox';
import { afterTask } from './after-task';

const FLOWS = import.meta.glob<FlowDefinition>('/../../packages/funnel/src/flows/by-variant/*.ts', { import: 'flow' });
const CATALOGS = import.meta.glob<Catalog>('/src/i18n/languages/*.ts', { import: 'catalog' });
const FORMS = import.meta.glob<SurveyForms>('/src/survey/forms/survey-forms.ts', { import: 'surveyForms' });
/**
 * Issue 33 item 3: the forms chunk's graph is evaluated in steps, a task each, so a tap waits behind one
 * step at most, never the whole (110–230 ms at 4x CPU in one task): first zod, then the field schemas
 * (zod's first use compiles most of it), then the API schemas, then the form screens.
 */
const FORMS_STEPS = {
  ...import.meta.glob<unknown>('/src/survey/forms/steps/zod-step.ts', { import: 'zodStep' }),
  ...import.meta.glob<unknown>('/src/survey/forms/steps/field-schemas-step.ts', { import: 'fieldSchemasStep' }),
  ...import.meta.glob<unknown>('/src/survey/forms/steps/api-schemas-step.ts', { import: 'apiSchemasStep' }),
};
// Leads kept to post again (issue 9), flushed from any page once it is live.
const OUTBOX = import.meta.glob<(storage?: Storage) => Promise<void>>('/src/survey/flush-outbox.ts', {
  import: 'flushOutbox',
});
// Issue 13: the survey's progress snapshots (§7 save-data), loaded after the first answer.
const PROGRESS = import.meta.glob<() => ProgressOutbox>('/src/survey/progress/progress-outbox.ts', {
  import: 'progressOutbox',
});
// The pages around the survey: never in a survey route's first chunk.
const THANK_YOU = import.meta.glob<ComponentType<ThankYouPageProps>>('/src/pages/thank-you-page.tsx', {
  import: 'default',
});
const SITE_TEXTS = import.meta.glob<SiteText>('/src/site/text/{en,es}.ts', { import: 'siteText' });
const LANDING = import.meta.glob<ComponentType<LandingPageProps>>('/src/pages/landing-page.tsx', {
  import: 'default',
});
const OPT_OUT = import.meta.glob<ComponentType<OptOutPageProps>>('/src/pages/opt-out-page.tsx', {
  import: 'default',
});
const LEGAL = import.meta.glob<ComponentType<LegalPageProps>>('/src/pages/legal-page.tsx', {
  import: 'default',
});
const NOT_FOUND = import.meta.glob<ComponentType<NotFoundPageProps>>('/src/pages/not-found-page.tsx', {
  import: 'default',
});

export interface LazyModule<T> {
  /** The module's id in the build manifest. */
  id: string;
  load: () => Promise<T>;
  /** The module once loaded, for renders that cannot wait. */
  loaded: () => T | undefined;
}

/** Named modules of one glob, each loaded once and remembered. */
function family<T>(modules: Record<string, () => Promise<T>>): (name: string) => LazyModule<T> {
  // Keyed by the name asked for: a screen asks on every render (issue 10: no search of the glob in a tap).
  const made = new Map<string, LazyModule<T>>();
  return (name) => {
    const known = made.get(name);
    if (known) return known;
    const entry = Object.entries(modules).find(
      ([key]) => /\.tsx?$/.test(key) && key.replace(/\.tsx?$/, '').endsWith(`/${name}`),
    );
    if (!entry) throw new Error(`No module named ${name} among ${Object.keys(modules).join(', ')}`);
    const [key, importer] = entry;
    let value: T | undefined;
    let pending: Promise<T> | undefined;
    const module: LazyModule<T> = {
      id: key.replace(/^\//, ''),
      load: () =>
        (pending ??= importer().then((loaded) => {
          value = loaded;
          return loaded;
        })),
      loaded: () => value,
    };
    made.set(name, module);
    return module;
  };
}

/** The forms' steps in their order: each a module of the glob above, by its file's name. */
const FORMS_STEP_ORDER = ['zod-step', 'field-schemas-step', 'api-schemas-step'];

/** `modules`' importers, each importing the steps first, one task after another (after-task.ts). */
function inSteps<T>(
  modules: Record<string, () => Promise<T>>,
  steps: Record<string, () => Promise<unknown>>,
): Record<string, () => Promise<T>> {
  const ordered = FORMS_STEP_ORDER.map((name) => {
    const step = Object.entries(steps).find(([key]) => key.endsWith(`/${name}.ts`))?.[1];
    if (!step) throw new Error(`No step module named ${name} among ${Object.keys(steps).join(', ')}`);
    return step;
  });
  return Object.fromEntries(
    Object.entries(modules).map(([key, importer]) => [
      key,
      async () => {
        for (const step of ordered) {
          await step();
          await afterTask();
        }
        return importer();
      },
    ]),
  );
}

const flows = family(FLOWS);
const catalogs = family(CATALOGS);
const forms = family(inSteps(FORMS, FORMS_STEPS));
const outbox = family(OUTBOX);
// Issue 33 (INP): the progress outbox parses with the §7 schemas too; its chunk, loaded after the first
// answer beside the forms', comes after the same steps (one task each), not with them in one task (85 ms).
const progress = family(inSteps(PROGRESS, FORMS_STEPS));
const thankYou = family(THANK_YOU);
const notFound = family(NOT_FOUND);
const siteTexts = family(SITE_TEXTS);
const landing = family(LANDING);
const optOut = family(OPT_OUT);
const legal = family(LEGAL);

export function flowModule(variant: string): LazyModule<FlowDefinition> {
  return flows(variant);
}

export function catalogModule(language: Language): LazyModule<Catalog> {
  return catalogs(language);
}

export function formsModule(): LazyModule<SurveyForms> {
  return forms('survey-forms');
}

export function flushOutboxModule(): LazyModule<(storage?: Storage) => Promise<void>> {
  return outbox('flush-outbox');
}

export function progressOutboxModule(): LazyModule<() => ProgressOutbox> {
  return progress('progress-outbox');
}

export function thankYouPageModule(): LazyModule<ComponentType<ThankYouPageProps>> {
  return thankYou('thank-you-page');
}

export function notFoundPageModule(): LazyModule<ComponentType<NotFoundPageProps>> {
  return notFound('not-found-page');
}

/** The words of the pages around the survey (issue 12), never loaded by a survey page. */
export function siteTextModule(language: Language): LazyModule<SiteText> {
  return siteTexts(language);
}

export function landingPageModule(): LazyModule<ComponentType<LandingPageProps>> {
  return landing('landing-page');
}

export function optOutPageModule(): LazyModule<ComponentType<OptOutPageProps>> {
  return optOut('opt-out-page');
}

export function legalPageModule(): LazyModule<ComponentType<LegalPageProps>> {
  return legal('legal-page');
}
