import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Fails on any serious or critical accessibility violation, listing them. */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, `axe violations on ${what}`).toEqual([]);
}

/** Answers a choice step: the question's heading, then the answer's button. */
export async function choose(page: Page, question: string | RegExp, answer: string | RegExp) {
  await expect(page.getByRole('heading', { name: question })).toBeVisible();
  await page.getByRole('button', { name: answer }).click();
}

/** Fills an amount step and continues. */
export async function amount(page: Page, question: string | RegExp, label: string, value: string) {
  await expect(page.getByRole('heading', { name: question })).toBeVisible();
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The shared steps every scenario answers, through the Bonus Question. */
export async function sharedSteps(page: Page, opts: { zip: string; credit: string; military: 'Yes' | 'No' }) {
  await choose(page, 'How will you use the property?', /Primary residence/);
  await choose(page, 'What type of home is it?', /Single-family home/);
  await choose(page, 'Have you served in the US military?', new RegExp(`^${opts.military}`));
  await amount(page, "What's the zip code of the property?", 'Zip code', opts.zip);
  await amount(page, "What's your credit score?", 'Estimated credit score', opts.credit);
  await choose(page, 'Bonus Question', /No thanks/);
  await expect(page.getByRole('heading', { name: 'Review your answers' })).toBeVisible();
}

/** The quote request id of the results page the browser is on. */
export function requestIdFrom(page: Page): string {
  const url = new URL(page.url());
  const id = url.searchParams.get('qr') ?? url.pathname.split('/').pop() ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

/** Reads a quote request back through the API. */
export async function readRequest(page: Page, id: string) {
  const res = await page.request.get(`/api/quote-requests/${id}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * A broker's bearer token for the admin API. Today through the development sign-in
 * the server offers on loopback with no Google client (README, "Broker side on your
 * machine"); the one place to change when the tests sign in another way.
 */
export async function brokerToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/local-admin');
  expect(signIn.status(), await signIn.text()).toBe(204);
  const token = await request.post('/api/auth/token');
  expect(token.status()).toBe(200);
  return (await token.json()).access_token;
}
