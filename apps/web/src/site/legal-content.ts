/**
 * The legal pages' texts (issue 12): Markdown files in site/content/, one per document and language,
 * rendered to HTML here with markdown-it, on the server only (entry-server.tsx imports this; the browser
 * keeps the server's HTML). Raw HTML in the files is not allowed; `{#id}` after a heading sets its anchor
 * (markdown-it-attrs, ids only), so #california-resident is the same in both languages. The brand's
 * name, phone, privacy email and mailing address fill {{brand}}, {{phone}}, {{email}} and {{address}}.
 */
import { formatUsPhone, LEGAL_DOCUMENTS, type Language, type LegalDocument } from '@app/funnel';
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

export function legalHtml(brand: Brand, document: LegalDocument, language: Language): string {
  const key = `${brand.id}|${document}|${language}`;
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const values: Record<string, string> = {
    brand: brand.name,
    phone: formatUsPhone(brand.phone),
    email: brand.privacyEmail,
    address: brand.mailingAddress,
  };
  const filled = source(document, language).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  const html = markdown.render(filled);
  cache.set(key, html);
  return html;
}
