/** A ProviderLogger that keeps its lines, so tests can read the offline SMS code and check for PII. */
import type { ProviderLogger } from '../../src/providers/provider-logger';

export interface LogLine {
  level: 'info' | 'warn';
  obj: object;
  msg: string;
}

export function createRecordingLogger(): { logger: ProviderLogger; lines: LogLine[]; text: () => string } {
  const lines: LogLine[] = [];
  return {
    logger: {
      info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
      warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    },
    lines,
    /** Everything logged, as one string, for "does not contain the phone/email/key" checks. */
    text: () => JSON.stringify(lines),
  };
}
