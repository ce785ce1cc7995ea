/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { wordsChunk } from './src/locales/screenAreas';

// Tests of what happens once per page load (the server-rendered snapshot taken once, the first
// screenful's render passes, the preloaded card list): they need the app's modules as a fresh
// page has them, so each runs with a module graph of its own.
const FRESH_PAGE_TESTS = [
  'src/features/marketplace/MarketplaceBrowse.test.tsx',
  'src/features/marketplace/ServicesResults.test.tsx',
  'src/features/marketplace/api/listLang.test.ts',
  'src/features/marketplace/api/pageSnapshot.test.ts',
];

// The Go binary serves the API on :8080; in development Vite proxies to it
// (CIRCLE_BACKEND=http://127.0.0.1:PORT points it elsewhere).
const backend = process.env.CIRCLE_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/metrics': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The /marketplace page must stay under 250 KB of gzipped JavaScript.
    chunkSizeWarningLimit: 400,
    // Fewer, larger chunks (issue 18 item 5): a phone's first visit of /marketplace loaded about
    // 35 scripts, most under 1 KB (one per icon), and on a slow network each costs a round trip;
    // Lighthouse's mobile profile put the first card 0.6 s later for it. Now: the entry with all it
    // imports statically, one chunk of icons, one of what the marketplace and its service cards
    // share, and each screen's own chunk. MarketplacePage.tsx stays a chunk of its own: the
    // server finds the route's chunks in the manifest under that name (spa_preload.go).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Translations: per language, the first visit's words and the screens' words
            // (src/locales/screenAreas.ts); English's first-visit words stay with the app. Each
            // language's map of its files (locales/{lang}/index.ts) stays a small chunk of its
            // own: in a group it takes Vite's preload helper along, which the entry then imports.
            { name: wordsChunk, test: /locales[\\/]\w+[\\/]\w+\.json$/, priority: 4 },
            { name: 'initial', tags: ['$initial'], priority: 3 },
            { name: 'icons', test: /lucide-react/, priority: 2 },
            {
              name: 'marketplace',
              test: (id) => /src[\\/](features[\\/]marketplace|components[\\/]catalog)[\\/]/.test(id) && !id.endsWith('MarketplacePage.tsx'),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    sequence: { hooks: 'list' },
    restoreMocks: true,
    unstubGlobals: true,
    // Generous limits: CI machines are shared and two cores are slow under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        // One module graph per worker instead of one per test file: the suite took 2.6x as long
        // (276 s against 106 s alone) when every file set up jsdom, i18n and the app's modules again. The price is that module
        // state outlives a file; src/test/setup.ts resets what every screen leaves (the mounted
        // tree, toasts, storage, cookie), and the files below get a page of their own.
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: FRESH_PAGE_TESTS, isolate: false },
      },
      {
        extends: true,
        test: { name: 'fresh-page', include: FRESH_PAGE_TESTS, isolate: true },
      },
    ],
  },
});
