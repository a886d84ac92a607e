/** A JSON text column read back. `unknown`, not `any`: readers check what they rely on. */
export function parseJson(text: string): unknown {
  return JSON.parse(text);
}
