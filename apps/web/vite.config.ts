import react from '@vitejs/plugin-react';
import path from 'node:path';
import { build } from 'esbuild';
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * The capture script the server inlines in every page's head (app/capture-early-input.ts, issue 10). In the
 * renderer's build its text (app/early-input-script.ts) is the script minified once here: no comments, short
 * names, no indentation; elsewhere (tests, the dev server) it is the function's source as written. The rest
 * of the renderer stays unminified, for readable stack traces.
 */
function minifiedInlineScript(): Plugin {
  const module = /[\\/]src[\\/]app[\\/]early-input-script\.ts$/;
  return {
    name: 'minified-inline-script',
    async load(id) {
      if (!module.test(id)) return null;
      const out = await build({
        stdin: {
          contents: [
            "import { captureEarlyInput } from './capture-early-input';",
            "import { REVEAL_MARKS } from '../survey/pane-classes';",
            'captureEarlyInput(REVEAL_MARKS);',
          ].join('\n'),
          resolveDir: path.dirname(id),
          loader: 'ts',
        },
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        logLevel: 'silent',
      });
      const text = out.outputFiles[0]?.text.trim();
      if (!text) throw new Error(`no capture script built from ${id}`);
      return `export const EARLY_INPUT_SCRIPT = ${JSON.stringify(text)};`;
    },
  };
}

/**
 * Issue 33: a route's flow comes as one chunk. The few modules that several variants build on (the
 * extended flow's builder, variants/*.ts) would each be a chunk of their own, a request more before the
 * first answer: each variant's chunk gets its own copy instead (the module's id with ?flow=<variant>).
 * They hold plain step definitions, compared by nobody, and only the variants import them; the copies
 * cost the build a few kilobytes, not a visitor, who loads one variant.
 */
function flowFamilyPerVariant(): Plugin {
  const byVariant = /packages[\\/]funnel[\\/]src[\\/]flows[\\/]by-variant[\\/]([\w-]+)\.ts$/;
  const family =
    /packages[\\/]funnel[\\/]src[\\/]flows[\\/](extended-flow|variants[\\/](variant-abc|v5-v7-flows|form-flows))\.ts$/;
  return {
    name: 'flow-family-per-variant',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const [importerPath = '', query = ''] = importer.split('?');
      const variant = byVariant.exec(importerPath)?.[1] ?? new URLSearchParams(query).get('flow');
      if (!variant) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !family.test(resolved.id)) return null;
      return `${resolved.id}?flow=${variant}`;
    },
  };
}

/**
 * Issue 33: the forms chunk's graph is evaluated in steps, a task each (app/lazy-modules.ts, ADR 0033), but
 * fetched in one round. Vite preloads a dynamic import's own files when it is called, so each step's files
 * were requested once the step before had run: three rounds over a slow network. The first step's import
 * (zod's) preloads every file of the forms graph instead (`<link rel="modulepreload">`: fetched and compiled,
 * not run); each step still runs its own modules only, when imported. Its files are those of the chunks named
 * below and of what they import, read from the bundle (this plugin's generateBundle runs before Vite's import
 * analysis, which asks `resolveDependencies`).
 */
function formsGraphInOneRound(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  const first = /src\/survey\/forms\/steps\/zod-step\.ts$/;
  const graph =
    /src\/survey\/forms\/(steps\/[\w-]+-step|survey-forms)\.ts$|src\/survey\/progress\/progress-outbox\.ts$/;
  let firstFile: string | undefined;
  let files: string[] | undefined;
  return {
    plugin: {
      name: 'forms-graph-in-one-round',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const found = new Set<string>();
        const visit = (fileName: string) => {
          if (found.has(fileName) || entries.has(fileName)) return;
          found.add(fileName);
          const output = bundle[fileName];
          if (output?.type === 'chunk') output.imports.forEach(visit);
        };
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
          if (first.test(id)) firstFile = chunk.fileName;
          if (graph.test(id)) visit(chunk.fileName);
        }
        files = [...found];
      },
    },
    resolveDependencies(file, deps, { hostId }) {
      if (files === undefined || firstFile === undefined)
        throw new Error('forms-graph-in-one-round: the forms graph was not read from the bundle');
      // The chunk importing it (the entry) is loaded already.
      return file === firstFile ? [...new Set([...deps, ...files])].filter((dep) => dep !== hostId) : deps;
    },
  };
}

// Two builds (issue 10, docs/decisions/0012-server-rendered-first-screen.md): the browser's into
// dist/client (with a manifest the server reads to preload each page's chunks) and, with --ssr, the
// server-side renderer into dist/server.
export default defineConfig(({ isSsrBuild }) => {
  const formsGraph = formsGraphInOneRound();
  return {
    plugins: isSsrBuild ? [react(), minifiedInlineScript()] : [react(), flowFamilyPerVariant(), formsGraph.plugin],
    build: {
      target: 'es2020',
      outDir: isSsrBuild ? 'dist/server' : 'dist/client',
      manifest: !isSsrBuild,
      emptyOutDir: true,
      reportCompressedSize: true,
      // No modulepreload polyfill in the first chunk (issue 10, ADR 0012): every browser the ads reach since
      // 2023 preloads natively; one without it still runs every page, fetching each chunk when it is imported.
      modulePreload: { polyfill: false, resolveDependencies: formsGraph.resolveDependencies },
      rolldownOptions: isSsrBuild
        ? { input: 'src/entry-server.tsx' }
        : {
            output: {
              // Over HTTP/1.1 on a slow network each request costs a round trip: the pieces most flows are
              // built from travel as one chunk, so a route's flow is two or three requests, not five. Text
              // hygiene, which the entry and the flows share, too (it was a request of its own, issue 10).
              // The US phone rule travels with zod: every chunk that reads a phone parses with zod too, so
              // it costs no request of its own and stays out of the entry (its header only writes a number).
              codeSplitting: {
                groups: [
                  {
                    // Issue 33: in the entry's own chunk, with the entry (captured here, so the group is the
                    // entry chunk): the page's first script, no request of their own.
                    name: 'index',
                    test: /src[\\/]entry-client\.tsx$|packages[\\/]funnel[\\/]src[\\/](flows[\\/](common-options|policies|variants[\\/]build-flow)|rules[\\/]state-lists|text[\\/]text-hygiene)/,
                  },
                  {
                    name: 'zod',
                    test: /node_modules[\\/]zod[\\/]|packages[\\/]funnel[\\/]src[\\/]lead[\\/]us-phone\.ts$/,
                    // Not the rule's own imports: the display form and the constants stay where the entry has them.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
    },
    // The domain is TypeScript source: the renderer bundles it; npm packages load from node_modules.
    ssr: { noExternal: ['@app/funnel'] },
    server: {
      proxy: {
        '/post-lead': 'http://localhost:3000',
        '/api': 'http://localhost:3000',
        '/us': 'http://localhost:3000',
      },
    },
  };
});
