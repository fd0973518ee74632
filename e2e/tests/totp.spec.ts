import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chromium } from '../chromium';
import { startDevServer, type DevServer } from './dev-server';
import { chooseGoogleUser, expectAccessible, sharedServerEnv } from './helpers';

// Issue 27 §5 (decision 0039): outside loopback development mode a broker
// passes a second factor after Google. The server runs on loopback but its
// public URL is a name (quotegrade.test), which the browser resolves to
// 127.0.0.1: to the server that is a public site, where the second factor is
// required. The broker signs in through the local OpenID provider, sets up
// an authenticator app (the test computes its codes, RFC 6238), saves the
// recovery codes, and signs in again with a code and with a recovery code.
// A server with a public name serves only the operator's own site file and a
// From address on a real domain (internal/app/production.go), so it has both.

const port = Number(process.env.QG_E2E_PORT) + 47;
const publicURL = `http://quotegrade.test:${port}`;
const BROKER = 'totp-broker@quotegrade.test';
const WRONG_CODE = "That code is not right: check your authenticator app's clock and try the current code";
const SPENT_RECOVERY_CODE = 'That recovery code is not right, or was already used';

/** An operator's site file: the brokerage's own name, NMLS ID and postal address. */
const SITE_FILE = {
  brokerageName: 'Second Factor Mortgage',
  brokerageNmls: '2468024',
  postalAddress: '1 Center Street, Provo, UT 84601',
  contactEmail: 'hello@quotegrade.test',
  contactPhone: '(801) 555-0177',
  sisterSite: { state: 'Idaho', url: 'https://idaho.quotegrade.test' },
  lenders: [
    { id: 'provident', name: 'Provident Funding', nmls: '3111', fees: [{ label: 'Underwriting fee', amount: 370 }] },
    { id: 'rocket', name: 'Rocket Mortgage', nmls: '3030', fees: [{ label: 'Lender fee', amount: 1100 }] },
  ],
  stateLicences: [{ state: 'Utah', licence: '10101010' }],
};

let dev: DevServer;
let siteDir: string;
test.use({
  baseURL: publicURL,
  launchOptions: { ...chromium, args: [...(chromium.args ?? []), '--host-resolver-rules=MAP quotegrade.test 127.0.0.1'] },
});
test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'quotegrade-totp-site-'));
  const siteFile = path.join(siteDir, 'site.json');
  writeFileSync(siteFile, JSON.stringify(SITE_FILE));
  dev = await startDevServer(port, publicURL, {
    ...sharedServerEnv(),
    QG_ADMIN_EMAILS: BROKER,
    QG_SITE_FILE: siteFile,
    QG_MAIL_FROM: 'Second Factor Mortgage <loans@quotegrade.test>',
  });
});
test.afterAll(async () => {
  await dev?.stop();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

/** The bytes of an RFC 4648 base32 key, as an authenticator app reads the key typed into it. */
function base32Bytes(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${key}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The six-digit code of a 30-second step (RFC 6238 over RFC 4226: HMAC-SHA1, dynamic truncation). */
function totp(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 1000 / 30);

/**
 * The broker's phone: the code it shows now. The server takes each step once and only steps after the last
 * one used, one step of clock drift either way, so a second code within the same 30 seconds is the next
 * step's (in the window), never the same one again.
 */
class AuthenticatorApp {
  private lastStep = -1;
  constructor(readonly key: string) {}
  code(): string {
    const step = Math.max(this.lastStep + 1, stepNow());
    this.lastStep = step;
    return totp(this.key, step);
  }
  /** A six-digit code the server's window takes for none of its steps. */
  wrongCode(): string {
    const now = stepNow();
    const taken = new Set([now - 1, now, now + 1, now + 2].map((step) => totp(this.key, step)));
    for (let n = 0; ; n++) {
      const code = String((123456 + n * 111111) % 1_000_000).padStart(6, '0');
      if (!taken.has(code)) return code;
    }
  }
}

/** Signs in with "Google" from /admin, to the second factor the guard sends the broker to. */
async function signInWithGoogle(page: Page) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/second-factor\?return_to=%2Fadmin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Second factor' })).toBeVisible();
  await expect(page.getByText(`Signed in with Google as ${BROKER}.`)).toBeVisible();
}

async function verify(page: Page, code: string) {
  const field = page.getByLabel('Code from your authenticator app', { exact: true });
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${BROKER}`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${publicURL}/`);
}

/** "November 28, 2026" in Utah, as the Brokers page writes a date. */
const utahDay = (date: Date) => date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Denver' });

test('a broker sets up an authenticator app after Google, then signs in with its codes and with a recovery code once', async ({ page }) => {
  await chooseGoogleUser(page, BROKER);
  await signInWithGoogle(page);

  // Enrolment: the key, a code from it, the recovery codes once.
  const setUp = page.getByRole('button', { name: 'Set up my authenticator app' });
  await expect(setUp).toBeVisible();
  await expectAccessible(page, 'the second factor, before setting up');
  await setUp.click();
  await expect(page.getByRole('heading', { name: 'Scan this QR code with your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to add quotegrade to your authenticator app' })).toBeVisible();
  const key = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page, 'the second factor, scanning the QR code');
  const app = new AuthenticatorApp(key);
  const dayBefore = utahDay(new Date());
  await page.getByLabel('Six-digit code from the app', { exact: true }).fill(app.code());
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const dayAfter = utahDay(new Date());
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  await expectAccessible(page, 'the recovery codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expectDashboard(page);

  // The Brokers page says the app is set up, and since when.
  const nav = page.getByRole('navigation', { name: 'Broker' });
  await nav.getByRole('link', { name: 'Brokers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brokers' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(BROKER.replace(/\./g, '\\.')) }) });
  const setUpOn = new Set([dayBefore, dayAfter].map((day) => `Set up on ${day}`));
  await expect(row.getByRole('cell', { name: /^Set up on / })).toHaveText(new RegExp(`^(${[...setUpOn].join('|')})$`));
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expectDashboard(page);
  await signOut(page);

  // Signing in again asks for a code from the app: a wrong one is refused, the right one lets the broker in.
  await signInWithGoogle(page);
  await expect(page.getByRole('button', { name: 'Set up my authenticator app' })).toHaveCount(0);
  const field = page.getByLabel('Code from your authenticator app', { exact: true });
  await expect(field).toBeVisible();
  await verify(page, app.wrongCode());
  await expect(page.getByText(WRONG_CODE)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/second-factor/);
  await expectAccessible(page, 'the second factor with a wrong code');
  await verify(page, app.code());
  await expectDashboard(page);
  await signOut(page);

  // A recovery code lets the broker in without the phone, once.
  await signInWithGoogle(page);
  await verify(page, recoveryCodes[0]);
  await expectDashboard(page);
  await signOut(page);
  await signInWithGoogle(page);
  await verify(page, recoveryCodes[0]);
  await expect(page.getByText(SPENT_RECOVERY_CODE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toHaveCount(0);
  // Typed in capitals with spaces, another of them still works.
  await verify(page, recoveryCodes[1].toUpperCase().replace(/-/g, ' '));
  await expectDashboard(page);
});
