import { defineConfig } from '@playwright/test';
import { chromium } from './chromium';

// `make screenshots`: the README's pictures, not a test (never part of make test).
// Each run starts its own development server (screenshots/readme.spec.ts).
export default defineConfig({
  testDir: './screenshots',
  outputDir: './test-results/screenshots',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
  use: { launchOptions: chromium },
});
