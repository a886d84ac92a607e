import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2020',
    // Kept small for cheap phones: the survey route ships React and the survey only.
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      '/post-lead': 'http://localhost:3000',
      '/us': 'http://localhost:3000',
    },
  },
});
