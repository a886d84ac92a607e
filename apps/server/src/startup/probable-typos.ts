/**
 * Issue 30: a misspelt setting is not silently ignored. `DATABASE_ULR` in production used to start the
 * server on a local SQLite file; now every variable of the environment that is not one the server reads
 * but starts with one of the product's prefixes, or is one or two letters away from a known name, is named
 * as a probable typo, with the name it is closest to. Production refuses to start on one
 * (startup/production-problems.ts); development and test start and print it.
 */
import { KNOWN_VARIABLES, PRODUCT_PREFIXES } from './environment-variables';

export interface ProbableTypo {
  name: string;
  /** The known variable closest to it, when one is close. */
  suggestion: string | undefined;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours
 * (DATABASE_ULR → DATABASE_URL is 1).
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** How far a name may be from a known one to count as its typo: 1 for short names (HOME is not HOST), else 2. */
const allowedDistance = (name: string) => (name.length <= 8 ? 1 : 2);

function closestKnown(name: string): string | undefined {
  let best: { known: string; distance: number } | undefined;
  for (const known of KNOWN_VARIABLES) {
    const distance = editDistance(name, known);
    if (distance <= allowedDistance(known) && (!best || distance < best.distance)) best = { known, distance };
  }
  return best?.known;
}

/**
 * The environment's probable typos. `allowed`: names the server reads that no schema lists, such as the
 * `{env: NAME}` secrets of the buyers file.
 */
export function probableTypos(env: NodeJS.ProcessEnv, allowed: ReadonlySet<string> = new Set()): ProbableTypo[] {
  return Object.keys(env)
    .filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !KNOWN_VARIABLES.has(name) && !allowed.has(name))
    .flatMap((name) => {
      const suggestion = closestKnown(name);
      const prefixed = PRODUCT_PREFIXES.some((prefix) => name.startsWith(prefix));
      return suggestion !== undefined || prefixed ? [{ name, suggestion }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** "DATABASE_ULR: not a setting of this server; did you mean DATABASE_URL?" */
export function describeTypo(typo: ProbableTypo): string {
  const hint = typo.suggestion
    ? `did you mean ${typo.suggestion}?`
    : 'no setting has this name (docs/configuration.md)';
  return `${typo.name}: not a setting of this server, ${hint}`;
}
