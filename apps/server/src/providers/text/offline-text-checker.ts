/**
 * The offline TextChecker: the character n-gram and dictionary model of text-model.ts, read by
 * text-analysis.ts (docs/text-model.md, docs/decisions/0009-offline-text-model.md). No network, so it
 * never fails; creating it trains the model (~0.4 s, once per process), so create it at start-up.
 */
import { readText } from './text-analysis';
import type { TextChecker, TextCheckResult } from './text-checker';
import { installedTextModel, type TextModel } from './text-model';

export function createOfflineTextChecker(model: TextModel = installedTextModel()): TextChecker {
  return {
    check(text: string): Promise<TextCheckResult> {
      return Promise.resolve({ is_gibberish: readText(text, model).isGibberish ? 'yes' : 'no' });
    },
  };
}
