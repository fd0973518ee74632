import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, headless, with nothing reaching the network on its own. */
export const chromium: LaunchOptions = {
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
};
