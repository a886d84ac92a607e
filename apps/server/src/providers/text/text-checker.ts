/**
 * Case-description gibberish check (spec §5 is_gibberish, §7 "POST text gibberish check with text;
 * response is_gibberish"). A port: the offline model by default (offline-text-checker.ts), a remote
 * service when TEXT_CHECK_URL is set (http-text-checker.ts).
 */
import { ProviderUnavailableError } from '../provider-unavailable-error';

export interface TextCheckResult {
  is_gibberish: 'yes' | 'no';
}

export interface TextChecker {
  /**
   * The verdict on a case description. Throws ProviderUnavailableError when no verdict can be had
   * (remote service down, slow or answering nonsense); checkTextOrNothing gives the §8 reading.
   */
  check(text: string): Promise<TextCheckResult>;
}

/**
 * §8 "Text check failure returns nothing": the verdict, or null when the checker could not give one.
 * Only ProviderUnavailableError means "no verdict"; any other error is a bug and propagates.
 */
export async function checkTextOrNothing(checker: TextChecker, text: string): Promise<TextCheckResult | null> {
  try {
    return await checker.check(text);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return null;
    throw error;
  }
}
