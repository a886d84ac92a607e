/**
 * Loads what a page needs before its first render, the same way on the server (to render it) and in the
 * browser (to hydrate it): the route's flow and the language's strings, and the form screens when the
 * route's first step, or a step it leads to, is a form (issue 10: the first answer never waits for code).
 */
import { SUBMIT, stepById, type FlowDefinition, type FunnelRoute, type Language } from '@app/funnel';
import type { ComponentType } from 'react';
import type { Catalog } from '../i18n/catalog';
import type { NotFoundPageProps } from '../pages/not-found-page';
import type { ThankYouPageProps } from '../pages/thank-you-page';
import {
  catalogModule,
  flowModule,
  formsModule,
  notFoundPageModule,
  thankYouPageModule,
  type LazyModule,
} from './lazy-modules';
import type { PagePlan } from './page-plan';

/** A page and what it loaded; `modules` are the build ids of its chunks (preloaded by the server's HTML). */
export type LoadedPage = { language: Language; catalog: Catalog; modules: string[] } & (
  | { page: 'survey'; route: FunnelRoute; flow: FlowDefinition }
  | { page: 'thank-you'; view: ComponentType<ThankYouPageProps> }
  | { page: 'not-found'; view: ComponentType<NotFoundPageProps> }
);

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

/** The page's language comes with its plan (app/page-plan.ts languageOfPage). */
export async function loadPage(plan: PagePlan, language: Language): Promise<LoadedPage> {
  if (plan.page === 'survey') {
    const flowChunk = flowModule(plan.route.variant);
    const catalogChunk = catalogModule(language);
    const [flow, catalog] = await Promise.all([flowChunk.load(), catalogChunk.load()]);
    const modules = [flowChunk, catalogChunk, ...(firstAnswerNeedsForms(flow) ? [formsModule()] : [])];
    return { page: 'survey', route: plan.route, flow, catalog, language, modules: await loadAll(modules) };
  }
  const catalogChunk = catalogModule(language);
  const catalog = await catalogChunk.load();
  if (plan.page === 'thank-you') {
    const chunk = thankYouPageModule();
    return { page: 'thank-you', view: await chunk.load(), catalog, language, modules: [catalogChunk.id, chunk.id] };
  }
  const chunk = notFoundPageModule();
  return { page: 'not-found', view: await chunk.load(), catalog, language, modules: [catalogChunk.id, chunk.id] };
}
