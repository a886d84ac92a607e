/**
 * Which TextChecker the server uses. TEXT_CHECK_URL unset (or empty): the offline model. Set: the remote
 * service at that URL, with TEXT_CHECK_TIMEOUT_MS (default 3000: the check runs while the visitor waits
 * on the survey, and §8 lets a failed check return nothing rather than hold them up).
 */
import { z } from 'zod';
import { blankIsUnset, parseEnvironment } from '../../env-values';
import type { ProviderLogger } from '../provider-logger';
import { createHttpTextChecker } from './http-text-checker';
import { createOfflineTextChecker } from './offline-text-checker';
import type { TextChecker } from './text-checker';

export const TextProviderEnv = z.object({
  TEXT_CHECK_URL: z.preprocess(
    blankIsUnset,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  TEXT_CHECK_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(30_000).default(3000)),
});

export type TextProviderConfig = { kind: 'offline' } | { kind: 'http'; url: string; timeoutMs: number };

export function loadTextProviderConfig(env: NodeJS.ProcessEnv = process.env): TextProviderConfig {
  const { TEXT_CHECK_URL: url, TEXT_CHECK_TIMEOUT_MS: timeoutMs } = parseEnvironment(TextProviderEnv, env);
  return url === undefined ? { kind: 'offline' } : { kind: 'http', url, timeoutMs };
}

/** The offline checker trains its model here (~0.4 s): call at start-up, not per request. */
export function createTextChecker(config: TextProviderConfig, logger?: ProviderLogger): TextChecker {
  if (config.kind === 'offline') return createOfflineTextChecker();
  return createHttpTextChecker({ url: config.url, timeoutMs: config.timeoutMs, logger });
}
