/**
 * Every flow the product serves, by id (spec §1 "Funnel variants"). Each flow is its own module in
 * by-variant/, named after its id, so that a page can load its own flow alone (issue 10: the web app
 * loads by-variant/<id>.ts for the route's variant); this registry is for those that need them all
 * (the server, the tests, the flow graphs).
 */
import type { FlowDefinition } from './flow-definition';
import { flow as extended } from './by-variant/extended';
import { flow as spanish } from './by-variant/spanish';
import { flow as v4nv } from './by-variant/v4nv';
import { flow as v4nvSpanish } from './by-variant/v4nv-spanish';
import { flow as v4nvConsent } from './by-variant/v4nv-consent';
import { flow as v4g } from './by-variant/v4g';
import { flow as variantA } from './by-variant/variant-a';
import { flow as variantB } from './by-variant/variant-b';
import { flow as variantC } from './by-variant/variant-c';
import { flow as socialDrop } from './by-variant/social-drop';
import { flow as short } from './by-variant/short';
import { flow as medical } from './by-variant/medical';
import { flow as dui } from './by-variant/dui';
import { flow as vw3 } from './by-variant/vw3';
import { flow as socialVideo } from './by-variant/social-video';
import { flow as short2 } from './by-variant/short-2';
import { flow as minimal } from './by-variant/minimal';
import { flow as nameFirstShort } from './by-variant/name-first-short';
import { flow as plainShort } from './by-variant/plain-short';
import { flow as ticket } from './by-variant/ticket';
import { flow as eligibility } from './by-variant/eligibility';
import { flow as multiStepForm } from './by-variant/multi-step-form';
import { flow as onePageForm } from './by-variant/one-page-form';
import { flow as v5 } from './by-variant/v5';
import { flow as v7 } from './by-variant/v7';

export { DATE_OF_BIRTH_STATES } from './by-variant/v4nv-consent';

const FLOWS: readonly FlowDefinition[] = [
  extended,
  spanish,
  v4nv,
  v4nvSpanish,
  v4nvConsent,
  v4g,
  variantA,
  variantB,
  variantC,
  socialDrop,
  short,
  medical,
  dui,
  vw3,
  socialVideo,
  short2,
  minimal,
  nameFirstShort,
  plainShort,
  ticket,
  eligibility,
  multiStepForm,
  onePageForm,
  v5,
  v7,
];

export function flowById(id: string): FlowDefinition | undefined {
  return FLOWS.find((f) => f.id === id);
}

export function allFlows(): readonly FlowDefinition[] {
  return FLOWS;
}
