/**
 * The script bench:web adds to every page it walks, before the page's own (issue 33 item 4): the
 * `web-vitals` library's attribution build (its IIFE, read from node_modules: the product never ships it)
 * and an onINP listener that hands each change of INP, with its attribution, to the bench through the
 * binding named here (Playwright's exposeFunction, which outlives the page's navigations).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const INP_BINDING = '__benchInp';

/**
 * Every change (reportAllChanges), from interactions of 16 ms on (the browser's least), so a walk's worst
 * tap is reported whatever it is. Each report is an InpReport (inp-rows.ts).
 */
export function inpScript(): string {
  // The package exports its module builds only: the IIFE sits beside the attribution build's CommonJS one.
  const attribution = createRequire(import.meta.url).resolve('web-vitals/attribution');
  const iife = readFileSync(path.join(path.dirname(attribution), 'web-vitals.attribution.iife.js'), 'utf8');
  const listen = `
webVitals.onINP(function (metric) {
  var a = metric.attribution;
  var s = a.longestScript;
  var script = s
    ? s.subpart + ': ' + (s.entry.invoker || '?') + ' ' + (s.entry.sourceURL || '').split('/').pop() + ' ' +
      Math.round(s.intersectingDuration) + ' ms'
    : '';
  window.${INP_BINDING}({
    value: metric.value,
    target: a.interactionTarget || '',
    type: a.interactionType || '',
    inputDelay: a.inputDelay,
    processingDuration: a.processingDuration,
    presentationDelay: a.presentationDelay,
    longestScript: script,
    at: a.interactionTime || -1,
    step: ''
  });
}, { reportAllChanges: true, durationThreshold: 16 });`;
  return `${iife}\n${listen}`;
}
