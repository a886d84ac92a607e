/**
 * The straightforward reference for the content filter's matcher: one regular expression per category,
 * an alternation of every phrase (longest first) between look-arounds that refuse a letter or digit on
 * either side. It is what the filter ran before issue 10, kept here only to check the linear matcher.
 */
import { CONTENT_FILTER_LISTS, type ContentCategory, type ContentMatch } from '../src/text/content-filter';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function phrasePattern(phrase: string): string {
  return escapeRegExp(phrase)
    .split(/[\s-]+/)
    .map((word) => word.replaceAll("'", "'?"))
    .join('[\\s-]+');
}

function wholePhrasePattern(phrases: readonly string[]): RegExp {
  const body = [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map(phrasePattern)
    .join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'iu');
}

const CATEGORIES = Object.keys(CONTENT_FILTER_LISTS).filter((k): k is ContentCategory => k in CONTENT_FILTER_LISTS);
const PATTERNS = CATEGORIES.map((category) => ({
  category,
  pattern: wholePhrasePattern(CONTENT_FILTER_LISTS[category]),
}));

function normalise(text: string): string {
  return text.normalize('NFC').replace(/[\u2018\u2019\u02bc\u00b4`]/g, "'");
}

export function referenceFindBannedContent(text: string, categories?: readonly ContentCategory[]): ContentMatch[] {
  const clean = normalise(text);
  const found: ContentMatch[] = [];
  for (const { category, pattern } of PATTERNS) {
    if (categories !== undefined && !categories.includes(category)) continue;
    const match = pattern.exec(clean);
    if (match) found.push({ category, phrase: match[0].toLowerCase() });
  }
  return found;
}
