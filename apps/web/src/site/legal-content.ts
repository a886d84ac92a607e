/**
 * The legal pages' texts (issue 12): Markdown files in site/content/, one per document and language,
 * rendered to HTML here with markdown-it, on the server only (entry-server.tsx imports this; the browser
 * keeps the server's HTML). Raw HTML in the files is not allowed; `{#id}` after a heading sets its anchor
 * (markdown-it-attrs, ids only), so #california-resident is the same in both languages. The brand's
 * name, phone, privacy email and mailing address fill {{brand}}, {{phone}}, {{email}} and {{address}}.
 */
import {
  formatUsPhone,
  LEGAL_DOCUMENTS,
  OPT_OUT_STATE_NAMES,
  OptOutStateSchema,
  type Language,
  type LegalDocument,
  type Sponsor,
} from '@app/funnel';
import MarkdownIt from 'markdown-it';
import markdownItAttrs from 'markdown-it-attrs';
import type { Brand } from '../brand/brand';

const FILES = import.meta.glob<string>('/src/site/content/*.md', { query: '?raw', import: 'default', eager: true });

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true }).use(markdownItAttrs, {
  allowedAttributes: ['id'],
});

function source(document: LegalDocument, language: Language): string {
  const key = `/src/site/content/${document}.${language}.md`;
  const text = FILES[key];
  if (text === undefined) throw new Error(`No legal text ${key}`);
  return text;
}

// Every document in every language exists: checked when the renderer loads, not when a visitor asks.
for (const document of LEGAL_DOCUMENTS) for (const language of ['en', 'es'] as const) source(document, language);

const cache = new Map<string, string>();

const EVERY_STATE: Record<Language, string> = { en: 'every state', es: 'todos los estados' };
const TAKES_CASES_IN: Record<Language, string> = { en: 'takes cases in', es: 'acepta casos en' };
const NO_SPONSOR: Record<Language, string> = {
  en: '_No sponsor receives requests at the moment._',
  es: '_En este momento ningún patrocinador recibe solicitudes._',
};

/** A state's name (the opt-out form's list); a code it does not know is shown as it is. */
function stateName(code: string): string {
  const state = OptOutStateSchema.safeParse(code);
  return state.success ? OPT_OUT_STATE_NAMES[state.data] : code;
}

/** Markdown characters in a firm's name are its own, never formatting. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>&]/g, (ch) => `\\${ch}`);
}

/**
 * Issue 28: the Sponsors page lists the firms leads go to (the buyers, as the server hands them), one item
 * each: its name as the consent step shows it, and where it takes cases. A list, not a table: it reads at
 * 320 px without breaking a word.
 */
function sponsorList(sponsors: readonly Sponsor[], language: Language): string {
  if (sponsors.length === 0) return NO_SPONSOR[language];
  return sponsors
    .map((s) => {
      const where = s.states === null ? EVERY_STATE[language] : s.states.map(stateName).join(', ');
      return `- **${escapeMarkdown(s.name)}**: ${TAKES_CASES_IN[language]} ${where}`;
    })
    .join('\n');
}

export function legalHtml(
  brand: Brand,
  document: LegalDocument,
  language: Language,
  sponsors: readonly Sponsor[] = [],
): string {
  const key = `${brand.id}|${document}|${language}|${document === 'sponsors' ? JSON.stringify(sponsors) : ''}`;
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const values: Record<string, string> = {
    brand: brand.name,
    phone: formatUsPhone(brand.phone),
    email: brand.privacyEmail,
    address: brand.mailingAddress,
    sponsors: sponsorList(sponsors, language),
  };
  const filled = source(document, language).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  const html = markdown.render(filled);
  // Bounded: the Sponsors page changes with the buyers.
  if (cache.size >= 200) cache.clear();
  cache.set(key, html);
  return html;
}
