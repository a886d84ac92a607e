/**
 * zod 4 asks, the first time it parses an object, whether `new Function` may run (its compiled fast path).
 * Under the pages' CSP (script-src without 'unsafe-eval') the browser refuses it, and reports the refusal
 * as a CSP violation on every page that parses (Lighthouse's best practices: "issues logged", issue 33
 * item 4). zod keeps its settings on `globalThis.__zod_globalConfig`, made by its first module if none is
 * there: set `jitless` there before any chunk with zod runs, and zod skips the probe (its own comment:
 * "strict CSPs report the caught `new Function`"). Parsing is unchanged: the CSP refuses the fast path anyway.
 */
export function zodWithoutEval(scope: object = globalThis): void {
  const config: unknown = Reflect.get(scope, '__zod_globalConfig');
  if (typeof config === 'object' && config !== null) Object.assign(config, { jitless: true });
  else Reflect.set(scope, '__zod_globalConfig', { jitless: true });
}
