import { expect, test, type Page } from '@playwright/test';
import { brokerToken, expectAccessible, openPage } from './helpers';

// Issue 26, docs/compliance.md: every public page names the licensed
// brokerage, its NMLS ID with the Consumer Access link, its postal address and
// the Equal Housing Opportunity statement and logo, and links the legal pages.
// The e2e server runs on the demonstration site file (internal/site.Demo).
const publicPages = ['/', '/is-my-quote-good', '/example-results', '/should-i-refinance', '/quote-start', '/check-my-rate',
  '/loan-information', '/privacy', '/licensing', '/terms'];

async function expectLicensingFooter(page: Page, path: string) {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('quotegrade Mortgage Brokerage · NMLS #000000'), path).toBeVisible();
  await expect(footer.getByRole('link', { name: 'NMLS Consumer Access' }), path).toHaveAttribute(
    'href',
    'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/000000',
  );
  await expect(footer.getByText('123 Example Street, Suite 100, Salt Lake City, UT 84101'), path).toBeVisible();
  await expect(footer.getByRole('img', { name: 'Equal Housing Opportunity' }), path).toBeVisible();
  await expect(footer.getByText(/Equal Housing Opportunity\./), path).toBeVisible();
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  for (const [name, href] of [['Privacy', '/privacy'], ['Licensing', '/licensing'], ['Terms', '/terms']]) {
    await expect(legal.getByRole('link', { name }), path).toHaveAttribute('href', href);
  }
}

/**
 * Regulation Z, 12 CFR 1026.24 (issue 26): every rate the page shows is either
 * an offer's rate with its APR beside it, at least as prominent (the same size
 * and weight or more), or a survey average labelled "not an APR"; an ARM's
 * says the rate may increase. The components mark each figure: data-rate-pair
 * holds a rate (data-rate="offer") and its APR (data-apr); data-rate="inline"
 * writes both in one run of text, "6.250% (6.472% APR)"; data-rate="average"
 * a labelled survey figure. Any rate-like figure (a percentage with decimals)
 * in no marked figure fails, so a rate added without its APR is caught.
 * Answers the problems found, one line each.
 */
async function rateProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const rateLike = /\d+\.\d+\s?%/;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && el.closest('[aria-hidden="true"]') === null;
    };
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    // 1. No rate-like figure outside a marked figure (a pair's free text, a recommendation's reason, is checked too).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !rateLike.test(node.textContent ?? '') || !visible(parent) || parent.closest('script, style, [data-rate], [data-apr]')) continue;
      problems.push(`a rate not marked as an offer's, an APR or an average: "${text(parent)}"`);
    }
    // 2. Each pair as its kind asks.
    for (const pair of document.querySelectorAll('[data-rate-pair]')) {
      if (!visible(pair)) continue;
      const words = text(pair);
      const kind = pair.getAttribute('data-rate');
      if (kind === 'average' || pair.querySelector('[data-rate="average"]')) {
        if (!words.includes('not an APR')) problems.push(`a survey average not labelled as one: "${words}"`);
        continue;
      }
      if (kind === 'inline') {
        const rest = words.replace(/\d+\.\d+%\s\(\d+\.\d+% APR\)/g, '').replace(/\d+\.\d+% APR/g, '');
        if (rateLike.test(rest)) problems.push(`a rate without its APR: "${words}"`);
        continue;
      }
      const rates = [...pair.querySelectorAll('[data-rate="offer"]')].filter(visible);
      const aprs = [...pair.querySelectorAll('[data-apr]')].filter(visible);
      if (rates.length === 0) problems.push(`a pair with no rate: "${words}"`);
      if (aprs.length < rates.length || aprs.some((apr) => !rateLike.test(text(apr)))) {
        problems.push(`a rate without its APR: "${words}"`);
        continue;
      }
      rates.forEach((rate, i) => {
        const r = getComputedStyle(rate);
        const a = getComputedStyle(aprs[i]);
        if (parseFloat(a.fontSize) < parseFloat(r.fontSize) || Number(a.fontWeight) < Number(r.fontWeight)) {
          problems.push(`an APR less prominent than its rate (${a.fontSize} ${a.fontWeight} < ${r.fontSize} ${r.fontWeight}): "${words}"`);
        }
      });
      if (pair.hasAttribute('data-rate-arm') && !/rate may increase/.test(words)) problems.push(`an ARM rate that does not say it may increase: "${words}"`);
    }
    return problems;
  });
}

async function expectRatesWithTheirAPR(page: Page, path: string) {
  expect(await rateProblems(page), path).toEqual([]);
}

for (const width of [390, 1280]) {
  test(`every public page carries the licensing footer, and every rate its APR, at ${width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    for (const path of publicPages) {
      await openPage(page, path);
      await expectLicensingFooter(page, path);
      if (path === '/example-results') {
        // The example's figures arrive after the page: wait for its comparison.
        await expect(page.locator('[data-rate="offer"]:visible').first()).toBeVisible();
      }
      await expectRatesWithTheirAPR(page, path);
    }
  });
}

test('the rate check fails a page whose rate lost its APR, or that shows a bare rate', async ({ page }) => {
  await openPage(page, '/example-results');
  const firstApr = page.locator('[data-apr]:visible').first();
  await expect(firstApr).toBeVisible();
  expect(await rateProblems(page)).toEqual([]);
  await firstApr.evaluate((apr) => apr.remove());
  expect((await rateProblems(page)).join('\n')).toContain('a rate without its APR');
  await openPage(page, '/example-results');
  await expect(page.locator('[data-rate="inline"]:visible').first()).toBeVisible();
  await page.locator('[data-rate="inline"]:visible').first().evaluate((pair) => (pair.textContent = 'The 6.375% quote costs less.'));
  expect((await rateProblems(page)).join('\n')).toContain('a rate without its APR: "The 6.375% quote costs less."');
  await page.getByRole('main').evaluate((main) => main.append(Object.assign(document.createElement('p'), { textContent: 'Rates from 5.990%!' })));
  expect((await rateProblems(page)).join('\n')).toContain('a rate not marked as an offer\'s, an APR or an average: "Rates from 5.990%!"');
});

test('the privacy, licensing and terms pages are reachable from the footer, prerendered and accessible', async ({ page, request }) => {
  test.slow();
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const [name, heading] of [['Privacy', 'Privacy'], ['Licensing', 'Licensing'], ['Terms', 'Terms']]) {
    await openPage(page, '/');
    await page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, `/${name.toLowerCase()}`);
    // Prerendered: the heading is in the HTML the server sends.
    const html = await (await request.get(`/${name.toLowerCase()}`)).text();
    expect(html).toContain(`${heading}</h1>`);
    expect(sitemap).toContain(`/${name.toLowerCase()}</loc>`);
  }
  await openPage(page, '/licensing');
  await expect(page.getByText('Utah: licence 00000000')).toBeVisible();
});

test('the home page shows no invented testimonials, and its sample rates carry their APR', async ({ page }) => {
  await openPage(page, '/');
  const card = page.getByRole('figure', { name: /A sample graded quote/ });
  await expect(card).toContainText('6.875% rate · 6.987% APR · $2,628/mo');
  await expect(card).toContainText('6.375% rate · 6.423% APR · $2,495/mo');
  await expect(card).toContainText('(20%) down');
  await expect(page.getByText('Jessica M.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What our clients say' })).toHaveCount(0);
});

test('a call or text needs the visitor\'s consent, which the broker sees', async ({ page, request }) => {
  // The server refuses a phone number without consent, naming the field.
  const refused = await request.post('/api/contact-requests/submit', {
    data: { name: 'Casey', phone: '801-555-0177', question: 'Call me?', preferredContact: 'phone', state: 'UT' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields.contactConsent).toBe('Please agree to be called or texted at this number, or leave the phone number out');

  await openPage(page, '/');
  await page.getByRole('button', { name: 'Speak to a Mortgage Expert' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Speak to a Mortgage Professional' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Casey Consent');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('801-555-0177');
  await dialog.getByRole('textbox', { name: 'Your question' }).fill('Please call me about a refinance.');
  const consent = dialog.getByRole('checkbox', {
    name: 'I agree that quotegrade Mortgage Brokerage may call or text me at 801-555-0177 about this request. Consent is not a condition of any service. Message and data rates may apply. Reply STOP to opt out.',
  });
  await expect(consent).not.toBeChecked();
  await expectAccessible(page, 'the contact modal with its consent box');
  await dialog.getByRole('button', { name: 'Send My Question' }).click();
  await expect(dialog.getByText('Please agree to be called or texted at this number, or leave the phone number out')).toBeVisible();
  await consent.check();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact-requests/submit'));
  await dialog.getByRole('button', { name: 'Send My Question' }).click();
  expect((await answered).status()).toBe(201);

  const token = await brokerToken(request);
  const list = await request.get('/api/admin/contact-requests', { headers: { Authorization: `Bearer ${token}` } });
  const mine = (await list.json()).find((c: { name: string }) => c.name === 'Casey Consent');
  expect(mine.contact_consent.text).toContain('may call or text me at 801-555-0177');
  expect(mine.contact_consent.address).toBe('127.0.0.1');
});
