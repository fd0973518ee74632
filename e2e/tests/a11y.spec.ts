import { expect, test } from '@playwright/test';
import { expectAccessible, openPage } from './helpers';

const routes = ['/', '/quote-start', '/check-my-rate', '/loan-information', '/is-my-quote-good', '/example-results',
  '/should-i-refinance', '/refi-buddy/unsubscribe?token=x', '/login', '/no-such-page'];

test('every visitor route is free of serious accessibility violations and of CSP violations', async ({ page }) => {
  // Twelve axe scans in a row: on a busy 2-core machine they take most of the default minute.
  test.slow();
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const res = await page.request.post('/api/quote-requests/submit', {
    data: { loanType: 'refinance', propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
      creditScore: 700, propertyValue: 500000, remainingBalance: 200000, cashOut: false },
  });
  const id = (await res.json()).id;
  for (const route of [...routes, `/rate-results?qr=${id}`]) {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page, route);
  }
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Speak to a Mortgage Expert' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the contact modal');
  expect(cspErrors).toEqual([]);
});

test('pages are served with a strict Content-Security-Policy', async ({ page }) => {
  const res = await page.request.get('/');
  const csp = res.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
