/**
 * The page's HTML document from the built index.html (issue 10): the language and brand on <html>, the
 * head (title, description, page data, preloads of the page's chunks, the early-input script) and the
 * rendered page inside #root. Checked once when the renderer is made, so a changed template fails the
 * server's start rather than a visitor's request.
 */
const HTML_TAG = '<html lang="en">';
const HEAD_MARK = '<!--app-head-->';
const BODY_MARK = '<!--app-html-->';

export interface DocumentParts {
  lang: string;
  brand: string;
  head: string;
  body: string;
}

export type PageDocument = (parts: DocumentParts) => string;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function pageDocument(template: string): PageDocument {
  for (const mark of [HTML_TAG, HEAD_MARK, BODY_MARK]) {
    if (template.split(mark).length !== 2) throw new Error(`The web app's index.html must hold ${mark} once`);
  }
  return ({ lang, brand, head, body }) =>
    template
      .replace(HTML_TAG, `<html lang="${escapeHtml(lang)}" data-brand="${escapeHtml(brand)}">`)
      .replace(HEAD_MARK, () => head)
      .replace(BODY_MARK, () => body);
}

/**
 * The template with its style sheets inside <style> elements instead of <link>s: one round trip less
 * before the first paint on a slow network. Their text is returned for the CSP's style hashes.
 */
export function inlineStyleSheets(
  template: string,
  readAsset: (file: string) => string,
): { template: string; styles: string[] } {
  const styles: string[] = [];
  const inlined = template.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_link, file: string) => {
    const css = readAsset(file);
    if (css.includes('</style')) throw new Error(`${file} cannot be put inside a <style> element`);
    styles.push(css);
    return `<style>${css}</style>`;
  });
  return { template: inlined, styles };
}
