import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A development server: the real binary on loopback, no Google, a fresh SQLite file, so it makes the demo requests. */
export type DevServer = { baseURL: string; stop: () => Promise<void> };

const binary = path.resolve(import.meta.dirname, '../../bin/quotegrade');

/**
 * Starts `quotegrade serve` as `make run` does, on port, and waits until it answers. publicURL, when
 * given, is the address its e-mails and links name (QG_PUBLIC_URL); env adds settings.
 */
export async function startDevServer(port: number, publicURL?: string, env: Record<string, string> = {}): Promise<DevServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quotegrade-dev-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], {
    env: { PATH: process.env.PATH, QG_LOG_LEVEL: 'warn', ...(publicURL ? { QG_PUBLIC_URL: publicURL } : {}), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${binary} did not answer on ${baseURL} within 30 s`);
}
