import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from './chromium';
import { E2E_ADMIN, E2E_OFFICER, sharedServerEnv } from './tests/helpers';

// One real quotegrade binary on a free-ish port and a fresh data dir per run.
// The values go into the environment so the test workers see the same ones.
process.env.QG_E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.QG_E2E_DATA ??= mkdtempSync(path.join(tmpdir(), 'quotegrade-e2e-'));
const port = process.env.QG_E2E_PORT;
const binary = path.resolve(import.meta.dirname, '../bin/quotegrade');
if (!existsSync(binary)) {
  throw new Error(`${binary} is missing: run make build first (make test-e2e does)`);
}
// Brokers sign in through a local OpenID provider and mail goes to a local SMTP
// server (bin/testpeers), on the three ports after quotegrade's.
const peers = path.resolve(import.meta.dirname, '../bin/testpeers');
if (!existsSync(peers)) {
  throw new Error(`${peers} is missing: run make bin/testpeers first (make test-e2e does)`);
}
const [oidcPort, smtpPort, controlPort] = [1, 2, 3].map((n) => Number(port) + n);
process.env.QG_E2E_PEERS ??= `http://127.0.0.1:${controlPort}`;

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
    launchOptions: chromium,
  },
  webServer: [
    {
      command: `${peers} --oidc-addr 127.0.0.1:${oidcPort} --smtp-addr 127.0.0.1:${smtpPort} --control-addr 127.0.0.1:${controlPort}`,
      url: `http://127.0.0.1:${controlPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The broker has a loan officer profile before the server starts: saving an analysis and sending
      // an e-mail need one (profile.spec.ts signs in a second admin without one).
      command:
        `${binary} admin grant ${E2E_ADMIN} --name "${E2E_OFFICER.name}" --nmls ${E2E_OFFICER.nmls} --data-dir ${process.env.QG_E2E_DATA} >/dev/null && ` +
        `${binary} serve --addr 127.0.0.1:${port} --data-dir ${process.env.QG_E2E_DATA}`,
      url: `http://127.0.0.1:${port}/api/health`,
      env: sharedServerEnv(),
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
