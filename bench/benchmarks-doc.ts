/** docs/benchmarks.md holds every bench's figures: each bench replaces its own section only. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format as formatMarkdown } from 'prettier';

const FILE_HEADER = [
  '# Benchmarks',
  '',
  'Figures printed by the `npm run bench:*` scripts, each with the reference it was measured against in the',
  "same run. The machine is shared (2 cores, other engineers' builds and tests): absolute figures move from",
  'run to run; the ratios are what to compare.',
  '',
].join('\n');

/** Replaces the section under `heading` (up to the next `## `), or appends it; Prettier-formatted. */
export async function writeBenchSection(file: string, heading: string, section: string): Promise<void> {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : FILE_HEADER;
  const start = current.indexOf(heading);
  const next = start === -1 ? -1 : current.slice(start + heading.length).search(/^## /m);
  const updated =
    start === -1
      ? `${current.trimEnd()}\n\n${section}\n`
      : `${current.slice(0, start)}${section}\n${next === -1 ? '' : `\n${current.slice(start + heading.length + next)}`}`;
  writeFileSync(file, await formatMarkdown(updated, { parser: 'markdown', filepath: file }));
}
