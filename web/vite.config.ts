import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// One config for the dev server, the production build, the prerenderer's
// server build (`vite build --ssr`, run by scripts/prerender.mjs) and the unit tests.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each asset: the server sends the best one the
    // browser takes, so nothing is compressed per request. The prerenderer's
    // server build runs once at build time and is never served.
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|txt|xml)$/ }),
  ],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: {
    // The Go server answers /api; the dev server only serves the SPA.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true } : clientBuild,
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // A ceiling for a whole test under CI load (setup.ts sets the waits'); passing tests end sooner.
    testTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
}));

const clientBuild = {
  outDir: 'dist',
  // scripts/check-budget.mjs reads which chunks each page loads from the manifest.
  manifest: true,
  // The server sends CSP script-src 'self': never inline a script or a tiny asset.
  assetsInlineLimit: 0,
  modulePreload: { polyfill: false },
  rolldownOptions: {
    output: {
      // React and the router change less often than the app and every page uses
      // them: one chunk that stays cached across deploys. Other libraries split
      // with the pages that import them, so a page loads only what it uses
      // (one 'vendor' chunk made every page load the form libraries).
      codeSplitting: {
        groups: [
          { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          // Only the broker area draws charts: their libraries load with it, never for visitors.
          {
            name: 'charts',
            test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|clsx|react-is|use-sync-external-store)[\\/]/,
          },
        ],
      },
    },
  },
};
