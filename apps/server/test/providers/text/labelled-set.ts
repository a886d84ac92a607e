/**
 * The hand-labelled evaluation set (gibberish-labelled.json, docs/text-model.md) and the scores both
 * the quality-gate test and scripts/evaluate-text-model.ts report: precision, recall and F1 of the
 * gibberish class, with the confusion matrix.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const LabelledItem = z.object({
  id: z.string(),
  split: z.enum(['dev', 'test']),
  label: z.enum(['real', 'gibberish']),
  lang: z.string(),
  kind: z.string(),
  text: z.string(),
});

const LabelledSet = z.object({ description: z.string(), labelPolicy: z.string(), items: z.array(LabelledItem) });

export type LabelledItem = z.infer<typeof LabelledItem>;
export type Split = LabelledItem['split'];

export function loadLabelledSet(): LabelledItem[] {
  const file = new URL('./gibberish-labelled.json', import.meta.url);
  return LabelledSet.parse(JSON.parse(readFileSync(file, 'utf8'))).items;
}

export interface Scores {
  /** Gibberish called gibberish, real called gibberish, gibberish called real, real called real. */
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
  trueNegative: number;
  precision: number;
  recall: number;
  f1: number;
  /** The items the predictor got wrong. */
  errors: LabelledItem[];
}

export function score(items: readonly LabelledItem[], isGibberish: (text: string) => boolean): Scores {
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  let trueNegative = 0;
  const errors: LabelledItem[] = [];
  for (const item of items) {
    const predicted = isGibberish(item.text);
    const actual = item.label === 'gibberish';
    if (predicted && actual) truePositive++;
    else if (predicted) falsePositive++;
    else if (actual) falseNegative++;
    else trueNegative++;
    if (predicted !== actual) errors.push(item);
  }
  const precision = truePositive + falsePositive === 0 ? 0 : truePositive / (truePositive + falsePositive);
  const recall = truePositive + falseNegative === 0 ? 0 : truePositive / (truePositive + falseNegative);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositive, falsePositive, falseNegative, trueNegative, precision, recall, f1, errors };
}
