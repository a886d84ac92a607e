/**
 * Loads what a page needs before its first render, the same way on the server (to render it) and in the
 * browser (to hydrate it): the route's flow and the language's strings, and the form screens when the
 * route's first step, or a step it leads to, is a form (issue 10: the first answer never waits for code).
 * The pages around the survey load their own component and words (issue 12), never the survey's code.
 */
import {
  SUBMIT,
  stepById,
  type FlowDefinition,
  type FunnelRoute,
  type Language,
  type LegalDocument,
} from '@app/funnel';
import type { ComponentType } from 'react';
import type { Catalog } from '../i18n/catalog';
import type { LandingPageProps } from '../pages/landing-page';
import type { LegalPageProps } from '../pages/legal-page';
import type { NotFoundPageProps } from '../pages/not-found-page';
import type { OptOutPageProps } from '../pages/opt-out-page';
import type { ThankYouPageProps } from '../pages/thank-you-page';
import type { SiteText } from '../site/text/site-text';
import {
  catalogModule,
  flowModule,
  formsModule,
  landingPageModule,
  legalPageModule,
  notFoundPageModule,
  optOutPageModule,
  siteTextModule,
  thankYouPageModule,
  type LazyModule,
} from './lazy-modules';
import type { PagePlan } from './page-plan';

interface Loaded {
  language: Language;
  /** The build ids of the chunks the browser needs before its first render (preloaded by the server's HTML). */
  modules: string[];
}

/**
 * A survey page's words come from the server's page data (i18n/survey-words.ts): the browser loads the
 * language's catalog with the form screens, before its first render only when the first answer may need
 * them. The server loads it always (the words and the page's title are its to write).
 */
interface LoadedSurvey {
  page: 'survey';
  route: FunnelRoute;
  flow: FlowDefinition;
  catalog: Catalog | null;
}

/** A page and what it loaded. */
export type LoadedPage = Loaded &
  (
    | LoadedSurvey
    | ({ catalog: Catalog } & (
        | { page: 'thank-you'; ticket: boolean; view: ComponentType<ThankYouPageProps>; text: SiteText }
        | { page: 'landing'; view: ComponentType<LandingPageProps>; text: SiteText }
        | { page: 'opt-out'; view: ComponentType<OptOutPageProps>; text: SiteText }
        | { page: 'legal'; document: LegalDocument; html: string; view: ComponentType<LegalPageProps>; text: SiteText }
        | { page: 'not-found'; view: ComponentType<NotFoundPageProps> }
      ))
  );

/**
 * A legal page's text as HTML: on the server rendered from its Markdown file (site/legal-content.ts), in
 * the browser read back from the server's HTML, so the Markdown library never ships to the browser.
 */
export type LegalHtml = (document: LegalDocument, language: Language) => string;

/** Whether answering the first step can need a form screen: it is one, or it may lead to one (ask the flow). */
export function firstAnswerNeedsForms(flow: FlowDefinition): boolean {
  const first = stepById(flow, flow.first);
  const reachable = [first, ...first.targets.filter((id) => id !== SUBMIT).map((id) => stepById(flow, id))];
  return first.targets.includes(SUBMIT) || reachable.some((step) => step.screen.kind !== 'choice');
}

async function loadAll(modules: LazyModule<unknown>[]): Promise<string[]> {
  await Promise.all(modules.map((m) => m.load()));
  return modules.map((m) => m.id);
}

/**
 * The page's language comes with its plan (app/page-plan.ts languageOfPage). `surveyCatalog`: whether a
 * survey page loads its language's catalog even when its first answer needs no form (the server, and a
 * browser without the server's words).
 */
export async function loadPage(
  plan: PagePlan,
  language: Language,
  { legalHtml, surveyCatalog = true }: { legalHtml?: LegalHtml; surveyCatalog?: boolean } = {},
): Promise<LoadedPage> {
  if (plan.page === 'survey') {
    const flowChunk = flowModule(plan.route.variant);
    const catalogChunk = catalogModule(language);
    const flow = await flowChunk.load();
    // What the browser needs before its first render: the flow, and the forms with the whole catalog when
    // the first answer may lead to a form.
    const needed = [flowChunk, ...(firstAnswerNeedsForms(flow) ? [formsModule(), catalogChunk] : [])];
    const modules = await loadAll(needed);
    const catalog = surveyCatalog || needed.includes(catalogChunk) ? await catalogChunk.load() : null;
    return { page: 'survey', route: plan.route, flow, catalog, language, modules };
  }
  const catalogChunk = catalogModule(language);
  if (plan.page === 'not-found') {
    const chunk = notFoundPageModule();
    const [catalog, view] = await Promise.all([catalogChunk.load(), chunk.load()]);
    return { page: 'not-found', view, catalog, language, modules: [catalogChunk.id, chunk.id] };
  }
  const textChunk = siteTextModule(language);
  const [catalog, text] = await Promise.all([catalogChunk.load(), textChunk.load()]);
  const loaded = async <P>(chunk: LazyModule<ComponentType<P>>) => ({
    view: await chunk.load(),
    catalog,
    text,
    language,
    modules: [catalogChunk.id, textChunk.id, chunk.id],
  });
  switch (plan.page) {
    case 'thank-you':
      return { page: 'thank-you', ticket: plan.ticket, ...(await loaded(thankYouPageModule())) };
    case 'landing':
      return { page: 'landing', ...(await loaded(landingPageModule())) };
    case 'opt-out':
      return { page: 'opt-out', ...(await loaded(optOutPageModule())) };
    case 'legal': {
      if (!legalHtml) throw new Error('A legal page needs its text');
      const html = legalHtml(plan.document, language);
      return { page: 'legal', document: plan.document, html, ...(await loaded(legalPageModule())) };
    }
  }
}
