import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Vite reads the default export; this config file is the one place that is not a named export.
export default defineConfig({
  // The server serves this build under /admin/, next to /h5/ and /api.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // `development` first so workspace packages (@app/shared) resolve to their TypeScript source and
    // the console builds without a prior `tsc -b`.
    conditions: ['development', ...defaultClientConditions],
    // antd lives in the workspace root's node_modules; if the root ever hoists a different React than the
    // one this app installs, antd would bundle a second copy and every hook would throw. One copy, always.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large library; a big vendor chunk is acceptable for an internal console.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Hashed files under static/ can be cached forever; only index.html has to be revalidated.
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
      },
    },
  },
});
