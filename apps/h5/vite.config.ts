import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const API_TARGET = process.env.H5_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/h5/',
  plugins: [react()],
  resolve: {
    // `development` makes @app/shared resolve to its TypeScript source, so the app bundles the same
    // schemas the server validates with, without a separate build step.
    conditions: ['development', ...defaultClientConditions],
    // The workspace root hoists an older React for other packages; every import must share one copy.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The spec serves lazy chunks from /h5/static/js; keep every JS file there and assets beside it.
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/[ext]/[name]-[hash][extname]',
        // Everything the first screen needs statically goes into one chunk. Left to automatic
        // splitting, every lazy page that shares a module with the entry re-cut it into a few dozen
        // tiny files, each with its own wrapper and gzip overhead, and the cut moved with every page
        // added. Lazy pages keep their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
