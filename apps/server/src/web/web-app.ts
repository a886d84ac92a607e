/**
 * The built web app as the server uses it (issue 10): the browser's files (dist/client) and the
 * server-side renderer (dist/server/entry-server.js, from `vite build --ssr`), loaded once at start. The
 * renderer turns a path into a whole HTML document with the page's first screen; the server only adds
 * the HTTP around it. Its inline scripts are allowed by hash in the Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RenderedPageSchema, type PageRenderRequest, type RenderedPage } from '@app/funnel';
import { z } from 'zod';

const isFunction = (value: unknown) => typeof value === 'function';

/** What dist/server/entry-server.js exports (apps/web/src/entry-server.tsx), checked when it loads. */
const RendererModuleSchema = z.object({
  createPageRenderer:
    z.custom<(build: { template: string; manifest: string; readAsset: (file: string) => string }) => unknown>(
      isFunction,
    ),
});
const RendererSchema = z.object({
  inlineScripts: z.array(z.string()),
  inlineStyles: z.array(z.string()),
  render: z.custom<(request: PageRenderRequest) => Promise<unknown>>(isFunction),
});

export interface WebApp {
  /** The browser's files: hashed assets and the precompressed copies beside them. */
  clientDir: string;
  /** 'sha256-…' sources for the Content-Security-Policy, one per inline script of the pages. */
  scriptHashes: string[];
  /** The same for the pages' inline style sheets. */
  styleHashes: string[];
  render: (request: PageRenderRequest) => Promise<RenderedPage>;
  /** The operator console's HTML shell (issue 16, its own build: apps/web/vite.console.config.ts), or null. */
  consoleHtml: string | null;
}

export function webAppFiles(webDist: string) {
  const clientDir = path.join(webDist, 'client');
  return {
    clientDir,
    template: path.join(clientDir, 'index.html'),
    manifest: path.join(clientDir, '.vite', 'manifest.json'),
    consoleShell: path.join(clientDir, 'console.html'),
    renderer: path.join(webDist, 'server', 'entry-server.js'),
  };
}

/** The built web app, or null when it is not built (the pages then say how to build it). */
export async function loadWebApp(webDist: string): Promise<WebApp | null> {
  const files = webAppFiles(webDist);
  if (![files.template, files.manifest, files.renderer].every((file) => existsSync(file))) return null;
  const module = RendererModuleSchema.safeParse(await import(pathToFileURL(files.renderer).href));
  if (!module.success) throw new Error(`${files.renderer} does not export createPageRenderer`);
  const renderer = RendererSchema.safeParse(
    module.data.createPageRenderer({
      template: readFileSync(files.template, 'utf8'),
      manifest: readFileSync(files.manifest, 'utf8'),
      readAsset: (file) =>
        readFileSync(path.join(files.clientDir, path.normalize(file).replace(/^(\.\.[/\\])+/, '')), 'utf8'),
    }),
  );
  if (!renderer.success) throw new Error(`${files.renderer}: createPageRenderer gave no page renderer`);
  const { inlineScripts, inlineStyles, render } = renderer.data;
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return {
    clientDir: files.clientDir,
    scriptHashes: inlineScripts.map(hash),
    styleHashes: inlineStyles.map(hash),
    render: async (request) => RenderedPageSchema.parse(await render(request)),
    consoleHtml: existsSync(files.consoleShell) ? readFileSync(files.consoleShell, 'utf8') : null,
  };
}
