/**
 * The forms chunk's second step (issue 33 item 3, app/lazy-modules.ts): the §5 field schemas, zod's first
 * use (which compiles most of it), evaluated in a task of their own, after zod's. Imported by nothing else, so
 * its chunk names its export as written (no namespace object, no bundler runtime in the entry).
 */
import { EmailSchema } from '@app/funnel';

export const fieldSchemasStep: readonly unknown[] = [EmailSchema];
