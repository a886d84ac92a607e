import { consoleErrorMessage, fieldProblems } from '../api/console-errors';

/** A refusal as the operator reads it: the server's words for each field it names, else the code's sentence. */
export function problemText(error: unknown): string {
  const fields = fieldProblems(error);
  return fields.length > 0 ? fields.map((f) => `${f.field}: ${f.message}`).join(' · ') : consoleErrorMessage(error);
}
