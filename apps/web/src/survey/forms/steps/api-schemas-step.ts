/**
 * The forms chunk's third step (issue 33 item 3, app/lazy-modules.ts): the §7 calls' schemas, evaluated
 * in a task of their own, after the field schemas' step.
 */
import { SaveDataBodySchema } from '@app/funnel';

export const apiSchemasStep: readonly unknown[] = [SaveDataBodySchema];
