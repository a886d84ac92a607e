/**
 * Scores the offline gibberish model and the domain's looksLikeGibberish heuristic on the hand-labelled
 * set (docs/text-model.md): precision, recall and F1 of the gibberish class and the confusion matrix,
 * on the dev split (the one thresholds were tuned on) and the held-out test split. Also times training.
 *
 *   npx tsx apps/server/scripts/evaluate-text-model.ts            # tables
 *   npx tsx apps/server/scripts/evaluate-text-model.ts --errors   # plus every misread item
 */
import { looksLikeGibberish } from '@app/funnel';
import { readText } from '../src/providers/text/text-analysis';
import { installedWordLists, trainTextModel } from '../src/providers/text/text-model';
import { loadLabelledSet, score, type Scores, type Split } from '../test/providers/text/labelled-set';

const showErrors = process.argv.includes('--errors');

const started = performance.now();
const model = trainTextModel(installedWordLists());
const trainMs = performance.now() - started;
const tableBytes = model.english.byteLength + model.spanish.byteLength + model.dictionary.byteLength;

const items = loadLabelledSet();
const predictors: Record<string, (text: string) => boolean> = {
  'offline model': (text) => readText(text, model).isGibberish,
  'looksLikeGibberish (domain)': looksLikeGibberish,
};

const pct = (x: number) => x.toFixed(3);
const rows: string[] = [];
const matrices: string[] = [];
const errors: string[] = [];
for (const split of ['dev', 'test'] satisfies Split[]) {
  const subset = items.filter((item) => item.split === split);
  const real = subset.filter((item) => item.label === 'real').length;
  for (const [name, predict] of Object.entries(predictors)) {
    const s: Scores = score(subset, predict);
    rows.push(
      `| ${name} | ${split} (${subset.length - real} gib / ${real} real) | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} |`,
    );
    matrices.push(
      [
        `${name}, ${split}:`,
        '                     predicted gibberish   predicted real',
        `  actual gibberish   ${String(s.truePositive).padStart(19)}   ${String(s.falseNegative).padStart(14)}`,
        `  actual real        ${String(s.falsePositive).padStart(19)}   ${String(s.trueNegative).padStart(14)}`,
      ].join('\n'),
    );
    for (const item of s.errors)
      errors.push(`  [${name}, ${split}] ${item.id} (${item.label}, ${item.kind}): ${item.text}`);
  }
}

console.log(
  `Model trained in ${trainMs.toFixed(0)} ms; its tables hold ${(tableBytes / 1e6).toFixed(1)} MB ` +
    `(${model.dictionary.size} dictionary hashes). ${items.length} labelled items.\n`,
);
console.log('| Predictor | Split | Precision | Recall | F1 |');
console.log('|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log(`\nConfusion matrices (gibberish is the positive class)\n\n${matrices.join('\n\n')}`);
if (showErrors) console.log(`\nMisread items\n${errors.join('\n')}`);
else console.log(`\n${errors.length} misread item(s) in all; --errors lists them.`);
