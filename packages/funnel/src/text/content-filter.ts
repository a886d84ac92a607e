/**
 * Content filter (spec §5): a case-insensitive whole-word (or whole-phrase) match against word lists.
 * A match sets bad_words = yes, which sends the extra report call (§7); it never blocks the visitor.
 * The lists are data: categories are kept apart so an operator can see why a text matched.
 */
export const CONTENT_FILTER_LISTS = {
  profanity_en: [
    'fuck',
    'fucking',
    'shit',
    'bitch',
    'asshole',
    'bastard',
    'damn',
    'dick',
    'cunt',
    'motherfucker',
    'crap',
    'piss',
  ],
  profanity_es: [
    'puta',
    'puto',
    'mierda',
    'pendejo',
    'pendeja',
    'cabron',
    'cabrón',
    'chinga',
    'chingada',
    'verga',
    'culero',
    'joder',
    'coño',
    'carajo',
  ],
  drugs: ['weed', 'cocaine', 'meth', 'heroin', 'crack', 'marijuana', 'fentanyl'],
  sexual: ['sex', 'porn', 'nude', 'nudes', 'xxx', 'onlyfans'],
  spam: ['gift card', 'sweepstakes', 'cash app', 'cashapp', 'free', 'money', 'bitcoin', 'crypto', 'lottery', 'winner'],
  no_accident: [
    'no accident',
    'not in an accident',
    'never had an accident',
    'wasnt in an accident',
    "wasn't in an accident",
    'no tuve accidente',
    'no tuve un accidente',
  ],
  no_insurance: [
    'no insurance',
    "didn't have insurance",
    'did not have insurance',
    'uninsured',
    'sin seguro',
    'no tenia seguro',
    'no tenía seguro',
  ],
  lawyer_status: [
    'already have a lawyer',
    'already have an attorney',
    'i have a lawyer',
    'i have an attorney',
    "don't need a lawyer",
    'do not need a lawyer',
    'ya tengo abogado',
    'no necesito abogado',
  ],
  law_firms: [
    'morgan and morgan',
    'morgan & morgan',
    'jacoby and meyers',
    'jacoby & meyers',
    'the barnes firm',
    'sweet james',
  ],
  animals: ['deer', 'dog', 'cat', 'horse', 'cow', 'moose', 'elk', 'venado', 'perro'],
  weather: ['ice', 'icy', 'snow', 'hail', 'storm', 'flood', 'black ice', 'hielo', 'nieve', 'tormenta'],
  single_car: [
    'hit a tree',
    'hit a pole',
    'hit a wall',
    'hit a guardrail',
    'i lost control',
    'ran off the road',
    'single car',
    'single vehicle',
    'choque contra un arbol',
    'choqué contra un árbol',
  ],
  vague: [
    "i don't know",
    'i dont know',
    'idk',
    'n/a',
    'na',
    'none',
    'nothing',
    'thanks',
    'thank you',
    'test',
    'testing',
    'no se',
    'no sé',
    'nada',
    'gracias',
  ],
  accident_age: [
    '1 year ago',
    '2 years ago',
    '3 years ago',
    '4 years ago',
    'one year ago',
    'two years ago',
    'three years ago',
    'four years ago',
    'hace un año',
    'hace 1 año',
    'hace 2 años',
    'hace 3 años',
    'hace 4 años',
    'hace dos años',
    'hace tres años',
    'hace cuatro años',
  ],
} as const satisfies Record<string, readonly string[]>;

export type ContentCategory = keyof typeof CONTENT_FILTER_LISTS;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wholePhrasePattern(phrases: readonly string[]): RegExp {
  // Longest first so that "black ice" is reported rather than "ice"; spaces match any whitespace.
  const body = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => escapeRegExp(p).replace(/ /g, '\\s+'))
    .join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'iu');
}

const PATTERNS = Object.entries(CONTENT_FILTER_LISTS).map(([category, phrases]) => ({
  category,
  pattern: wholePhrasePattern(phrases),
}));

export interface ContentMatch {
  category: string;
  phrase: string;
}

/** Normalises apostrophes so that "don’t" and "don't" match the same entry. */
function normalise(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/g, "'");
}

export function findBannedContent(text: string): ContentMatch[] {
  const clean = normalise(text);
  const found: ContentMatch[] = [];
  for (const { category, pattern } of PATTERNS) {
    const match = pattern.exec(clean);
    if (match) found.push({ category, phrase: match[0].toLowerCase() });
  }
  return found;
}

export function hasBannedContent(text: string): boolean {
  const clean = normalise(text);
  return PATTERNS.some(({ pattern }) => pattern.test(clean));
}
