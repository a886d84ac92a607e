import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds (issue 10, docs/decisions/0012-server-rendered-first-screen.md): the browser's into
// dist/client (with a manifest the server reads to preload each page's chunks) and, with --ssr, the
// server-side renderer into dist/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    target: 'es2020',
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    manifest: !isSsrBuild,
    emptyOutDir: true,
    reportCompressedSize: true,
    // No modulepreload polyfill in the first chunk (issue 10, ADR 0012): every browser the ads reach since
    // 2023 preloads natively; one without it still runs every page, fetching each chunk when it is imported.
    modulePreload: { polyfill: false },
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
                  name: 'flow-kit',
                  test: /packages[\\/]funnel[\\/]src[\\/](flows[\\/](common-options|policies|variants[\\/]build-flow)|rules[\\/]state-lists|text[\\/]text-hygiene)/,
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
}));
