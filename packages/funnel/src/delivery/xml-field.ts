/**
 * A value read from a buyer's XML answer (boberdoo's `<response><status>Matched</status>…</response>`,
 * issue 32 "Adapters"), at a dot path of element names ("response.status"): each name is looked for
 * inside the previous one's content. Only a leaf's text is a value (entities and CDATA decoded); an
 * element holding other elements, a missing one or a body that is not XML gives undefined, so an answer
 * we cannot read for certain is never taken for a sale or a bid. No DTD, no attributes, no namespaces:
 * a buyer's short answer needs none, and a reader that expands nothing cannot be made to.
 */
const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(text);
  if (cdata) return cdata[1] ?? '';
  return text.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (_all, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? '';
  });
}

/** The content of the first element `name` in `xml`, '' for `<name/>`, undefined when there is none. */
function elementContent(xml: string, name: string): string | undefined {
  const open = new RegExp(`<${name}(?:\\s[^<>]*?)?(/?)>`).exec(xml);
  if (!open) return undefined;
  if (open[1] === '/') return '';
  const start = open.index + open[0].length;
  const end = xml.indexOf(`</${name}>`, start);
  return end === -1 ? undefined : xml.slice(start, end);
}

export function xmlField(text: string | undefined, path: string): string | undefined {
  if (text === undefined || !text.trimStart().startsWith('<')) return undefined;
  let content: string | undefined = text;
  for (const name of path.split('.')) {
    if (!NAME.test(name) || content === undefined) return undefined;
    content = elementContent(content, name);
  }
  if (content === undefined) return undefined;
  if (content.includes('<') && !/^\s*<!\[CDATA\[/.test(content)) return undefined;
  return decode(content).trim();
}
