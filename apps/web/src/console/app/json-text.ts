/** JSON the operator typed (a buyer, a body to replay): its value, or what is wrong with it in words. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, problem: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
