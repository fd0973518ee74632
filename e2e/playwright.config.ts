import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// One real quotegrade binary on a free-ish port and a fresh data dir per run.
// The values go into the environment so the test workers see the same ones.
process.env.QG_E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.QG_E2E_DATA ??= mkdtempSync(path.join(tmpdir(), 'quotegrade-e2e-'));
const port = process.env.QG_E2E_PORT;
const binary = path.resolve(import.meta.dirname, '../bin/quotegrade');
if (!existsSync(binary)) {
  throw new Error(`${binary} is missing: run make build first (make test-e2e does)`);
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `${binary} serve --addr 127.0.0.1:${port} --data-dir ${process.env.QG_E2E_DATA}`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: { QG_WRITE_RATE_LIMIT: '100000', QG_LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
