import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The operator console (issue 16, docs/adr/0020-console-own-build.md): its own build from its own HTML
// shell, written beside the survey's files (dist/client, assets under assets/console-*) after the
// survey's build, so no module of it can land in, or reshape, a survey page's chunks. The server serves
// console.html at /console/* (routes/web-pages.ts); each screen is a chunk loaded when first opened.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: false,
    reportCompressedSize: true,
    rolldownOptions: {
      input: { console: 'console.html' },
      output: {
        entryFileNames: 'assets/console-[name]-[hash].js',
        chunkFileNames: 'assets/console-[name]-[hash].js',
        assetFileNames: 'assets/console-[name]-[hash][extname]',
      },
    },
  },
  server: {
    open: '/console.html',
    proxy: { '/api': 'http://localhost:3000' },
  },
});
