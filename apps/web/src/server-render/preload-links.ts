/**
 * <link rel="modulepreload"> for a page's chunks (issue 10), from Vite's build manifest: each module's
 * file and the files it imports, so the browser fetches them beside the entry script instead of one
 * after the other. Files the template already names (the entry and its imports) are left out.
 */
import { z } from 'zod';
import { escapeHtml } from './page-document';

const ManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }),
);
export type Manifest = z.infer<typeof ManifestSchema>;

export function parseManifest(json: string): Manifest {
  const parsed = ManifestSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`The web app's build manifest is not Vite's: ${parsed.error.message}`);
  return parsed.data;
}

export function preloadLinks(manifest: Manifest, moduleIds: readonly string[], template: string): string {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  moduleIds.forEach(visit);
  const named = (file: string) => template.includes(`/${file}"`);
  return [
    ...[...styles].filter((f) => !named(f)).map((f) => `<link rel="stylesheet" href="/${escapeHtml(f)}">`),
    ...[...files]
      .filter((f) => !named(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}">`),
  ].join('');
}
