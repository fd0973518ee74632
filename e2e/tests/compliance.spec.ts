import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openPage } from './helpers';

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

for (const width of [390, 1280]) {
  test(`every public page carries the licensing footer at ${width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    for (const path of publicPages) {
      await openPage(page, path);
      await expectLicensingFooter(page, path);
    }
  });
}

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

test('the home page shows no invented testimonials', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.getByText('Jessica M.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What our clients say' })).toHaveCount(0);
});
