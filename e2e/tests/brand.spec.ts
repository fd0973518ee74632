import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startDevServer, type DevServer } from './dev-server';
import { openPage, sharedServerEnv } from './helpers';

// Issue 26 §2 (Utah Admin. Code R162-2c: marketing in the licensed company's
// name; docs/compliance.md): the public pages speak in the site file's names,
// its display brand and its legal name, never the program's "quotegrade". A
// development server runs on an operator's own site file, and every public
// page, as the server sends it and as the browser shows it, names that brand
// and legal name and says "quotegrade" nowhere.

const port = Number(process.env.QG_E2E_PORT) + 53;
const BRAND = 'Beehive Home Loans';
const LEGAL_NAME = 'Beehive Mortgage Brokers LLC';

/** An operator's site file: its own brand, legal name, NMLS ID and postal address, no testimonials. */
const SITE_FILE = {
  brokerageName: LEGAL_NAME,
  brand: BRAND,
  brokerageNmls: '1357913',
  postalAddress: '9 Temple Square, Salt Lake City, UT 84150',
  contactEmail: 'hello@beehive.example',
  contactPhone: '(801) 555-0199',
  sisterSite: { state: 'Idaho', url: 'https://idaho.beehive.example' },
  lenders: [{ id: 'provident', name: 'Provident Funding', nmls: '3111', fees: [{ label: 'Underwriting fee', amount: 370 }] }],
  stateLicences: [{ state: 'Utah', licence: '20202020' }],
};

const publicPages = ['/', '/is-my-quote-good', '/example-results', '/should-i-refinance', '/check-my-rate', '/privacy', '/licensing', '/terms'];

let dev: DevServer;
let siteDir: string;
test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'quotegrade-brand-site-'));
  const siteFile = path.join(siteDir, 'site.json');
  writeFileSync(siteFile, JSON.stringify(SITE_FILE));
  dev = await startDevServer(port, undefined, { ...sharedServerEnv(), QG_SITE_FILE: siteFile, QG_MAIL_FROM: 'Beehive Home Loans <loans@beehive.example>' });
});
test.afterAll(async () => {
  await dev?.stop();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

test('every public page names the site file\'s brand and legal name, and never "quotegrade"', async ({ page, request }) => {
  test.slow();
  for (const pathname of publicPages) {
    // As the server sends it: the prerendered title and Open Graph site name carry the brand.
    const html = await (await request.get(dev.baseURL + pathname)).text();
    expect(html, pathname).toMatch(new RegExp(`<title>[^<]*${BRAND}[^<]*</title>`));
    expect(html, pathname).toContain(`<meta property="og:site_name" content="${BRAND}"`);
    expect(html.replace(/<script[\s\S]*?<\/script>|<link[^>]*>|\/assets\/[^"]*/g, ''), pathname).not.toMatch(/quotegrade/i);

    // As the browser shows it, once the page is the app's own.
    await openPage(page, dev.baseURL + pathname);
    await expect(page.getByRole('contentinfo').getByText(`${LEGAL_NAME} · NMLS #1357913`), pathname).toBeVisible();
    await expect(page.getByRole('banner'), pathname).toContainText(BRAND);
    await expect(page, pathname).toHaveTitle(new RegExp(BRAND));
    expect(await page.locator('body').innerText(), pathname).not.toMatch(/quotegrade/i);
    expect(await page.title(), pathname).not.toMatch(/quotegrade/i);
  }
  // The consent words name the licensed company (TCPA): the contact form's box.
  await openPage(page, dev.baseURL + '/');
  await page.getByRole('button', { name: 'Speak to a Mortgage Expert' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Speak to a Mortgage Professional' });
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('801-555-0177');
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`^I agree that ${LEGAL_NAME} may call or text me at 801-555-0177`) })).toBeVisible();
  expect(await dialog.innerText()).not.toMatch(/quotegrade/i);
});
