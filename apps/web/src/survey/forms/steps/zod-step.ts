/**
 * The forms chunk's first step (issue 33 item 3, app/lazy-modules.ts): zod's own chunk, evaluated in a task
 * of its own (INP: the field schemas' step, which builds the schemas and compiles zod on first use, was
 * 47-96 ms at 4x CPU with it). Imported by nothing else, so its chunk names its export as written.
 */
import { string } from 'zod';

export const zodStep: readonly unknown[] = [string];
