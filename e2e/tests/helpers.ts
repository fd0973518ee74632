import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Fails on any serious or critical accessibility violation, listing them. Finite animations
 * (a toast sliding and fading in) end first: mid-fade, text is measured against a blend and
 * the contrast check reads a colour no one sees once it settles.
 */
/**
 * Opens a page and waits until its own code has rendered: a prerendered page
 * paints before its script arrives, and React drops a click made on it before
 * then (web/src/app/lazy-page.tsx markPageReady, decision 0015).
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
}

export async function expectAccessible(page: Page, what: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, `axe violations on ${what}`).toEqual([]);
}

/** Presses Tab until `target` has focus. */
export async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
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

/** A purchase from its price step: $400,000 with 20% down in Orem, submitted, to the page that says it is being analysed. */
export async function submitPurchaseFromPrice(page: Page) {
  await page.getByLabel('Purchase price', { exact: true }).fill('400000');
  await page.getByRole('button', { name: '20%' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await sharedSteps(page, { zip: '84057', credit: '760', military: 'No' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
}

/**
 * From the quote form (/check-my-rate) on to the loan information: a purchase of a home that is
 * not the buyer's first, submitted as submitPurchaseFromPrice does. Answers the request's id.
 */
export async function submitPurchaseAfterQuote(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continue to Loan Information' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about your loan scenario' })).toBeVisible();
  await choose(page, 'Are you buying a home or refinancing?', /Buying a home/);
  await choose(page, 'Is this your first home?', /^No/);
  await expect(page.getByRole('heading', { name: "What's the purchase price and your down payment?" })).toBeVisible();
  await submitPurchaseFromPrice(page);
  return requestIdFrom(page);
}

/** A refinance from its home-value step: $550,000 owing $300,000, no cash out, submitted, to Refi Buddy's results. */
export async function submitRefinanceFromValue(page: Page) {
  await amount(page, 'What is your home worth today?', 'Estimated property value', '550000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '300000');
  await choose(page, 'Do you want to take cash out when you refinance?', /^No/);
  await sharedSteps(page, { zip: '84010', credit: '760', military: 'No' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
}

/** The quote request id of the results page the browser is on. */
export function requestIdFrom(page: Page): string {
  const url = new URL(page.url());
  const id = url.searchParams.get('qr') ?? url.pathname.split('/').pop() ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

/**
 * Reads a quote request back as a broker does, with the full e-mail and phone (the
 * visitor's answer masks them, docs/records.md), from a separate API context so the
 * page's own browser stays signed out.
 */
export async function readRequest(page: Page, id: string) {
  const broker = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const token = await brokerToken(broker);
    const res = await broker.get(`/api/admin/quote-requests/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return await res.json();
  } finally {
    await broker.dispose();
  }
}

/** The broker the browser tests' server makes an admin (QG_ADMIN_EMAILS); anyone else is a signed-in non-admin. */
export const E2E_ADMIN = 'broker@quotegrade.test';

/** E2E_ADMIN's loan officer profile, set before the shared server starts (playwright.config.ts). */
export const E2E_OFFICER = { name: 'Avery Officer', nmls: '7654321' };

/** A second admin of the shared server, without a loan officer profile until profile.spec.ts sets one. */
export const E2E_NEW_OFFICER = 'new-officer@quotegrade.test';

/**
 * Signs a user in through the local OpenID provider (bin/testpeers) the way a
 * browser would, following the redirects by hand, and returns a 5-minute
 * bearer token for the API.
 */
/** The shared server's settings (playwright.config.ts); a spec's own server with the same peers uses them too. */
export function sharedServerEnv(): Record<string, string> {
  const port = Number(process.env.QG_E2E_PORT);
  const [oidcPort, smtpPort] = [port + 1, port + 2];
  return {
    QG_WRITE_RATE_LIMIT: '100000',
    QG_LOG_LEVEL: 'warn',
    QG_GOOGLE_CLIENT_ID: 'quotegrade-e2e',
    QG_GOOGLE_CLIENT_SECRET: 'quotegrade-e2e-secret',
    QG_OIDC_ISSUER: `http://127.0.0.1:${oidcPort}/oidc`,
    QG_ADMIN_EMAILS: `${E2E_ADMIN},${E2E_NEW_OFFICER}`,
    QG_SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=none`,
    QG_BROKER_EMAIL: 'brokers@quotegrade.test',
  };
}

/**
 * Imports one week of both survey series dated yesterday, as a broker does on the Market data page:
 * a server that must judge on current rates needs it (the bundled snapshot is months old, so Refi
 * Buddy holds every alert on it). Only on a spec's own server: the shared one keeps the snapshot.
 */
export async function importFreshWeek(request: APIRequestContext, baseURL: string): Promise<void> {
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  const res = await request.post(`${baseURL}/api/admin/market-data/apply`, {
    headers: { Authorization: `Bearer ${await brokerToken(request, E2E_ADMIN, baseURL)}`, 'Content-Type': 'text/csv' },
    data: `date,rate30,rate15\n${yesterday},6.36,5.44\n`,
  });
  expect(res.status(), 'import a fresh week').toBe(200);
}

export async function brokerToken(request: APIRequestContext, email = E2E_ADMIN, baseURL = ''): Promise<string> {
  const login = await request.get(`${baseURL}/api/auth/login?return_to=/`, { maxRedirects: 0 });
  expect(login.status(), 'GET /api/auth/login').toBe(302);
  const authorize = new URL(login.headers()['location']);
  authorize.searchParams.set('test_user', email);
  const provider = await request.get(authorize.toString(), { maxRedirects: 0 });
  expect(provider.status(), 'the provider authorizes').toBe(302);
  const location = provider.headers()['location'];
  const callback = await request.get(baseURL ? new URL(location, baseURL).toString() : location, { maxRedirects: 0 });
  expect(callback.headers()['location'], 'the callback lands back on the site').toBe('/');
  const token = await request.post(`${baseURL}/api/auth/token`);
  expect(token.status(), 'POST /api/auth/token').toBe(200);
  return (await token.json()).access_token;
}

/** Makes the local OpenID provider sign this browser in as email on its next sign-in. */
export async function chooseGoogleUser(page: Page, email: string) {
  await page.context().addCookies([{ name: 'qg_test_user', value: email, domain: '127.0.0.1', path: '/oidc' }]);
}

/** Signs this browser in with "Google" (the local OpenID provider) from a guarded page. */
export async function signInFrom(page: Page, path: string, email: string) {
  await chooseGoogleUser(page, email);
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
}

export type ReceivedMail = { from: string; to: string[]; subject: string; parts: Record<string, string> };

/** Waits until the test SMTP server has received a message to `to` matching `subject`. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${process.env.QG_E2E_PEERS}/messages`);
        const all = (await res.json()) as ReceivedMail[];
        found = all.find((m) => m.to.includes(to) && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
        return Boolean(found);
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Submits a quote request through the API, as the wizard does, and returns its id. */
export async function submitRequest(request: APIRequestContext, payload: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/quote-requests/submit', { data: payload });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

/**
 * A Provo homeowner's Refi Buddy watch as the wizard sends it: a 30-year fixed loan on a $600,000
 * home, with balance left at rate, paying payment a month in principal and interest, and cashOut
 * taken out if given; the address is sent a confirmation e-mail.
 */
export function refiWatchRequest(email: string, loan: { balance: number; rate: number; payment: number; cashOut?: number }) {
  return {
    loanType: 'refinance', propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84604', creditScore: 760,
    state: 'UT', propertyValue: 600000, remainingBalance: loan.balance, keystone_consideration: 'skip',
    ...(loan.cashOut === undefined ? { cashOut: false } : { cashOut: true, cashOutAmount: loan.cashOut }),
    refi_intent: 'get_notified', email, current_mortgage_rate: loan.rate, current_monthly_payment: loan.payment,
    current_mortgage_program: '30-year-fixed',
  };
}

/** Fills the analysis editor of a one-quote purchase as a broker would: a B with one recommended quote. */
export async function fillOneQuoteAnalysis(page: Page) {
  const main = page.getByRole('main');
  await main.getByLabel('Lender', { exact: true }).selectOption('provident');
  await main.getByLabel('Grade', { exact: true }).selectOption('B');
  const row = page.getByRole('group', { name: 'Quote 1' });
  await row.getByLabel('Rate', { exact: true }).fill('6.25');
  await row.getByLabel('Lender fees', { exact: true }).fill('500');
  await row.getByRole('checkbox', { name: 'This is a credit from the lender' }).check();
  await row.getByLabel('APR', { exact: true }).fill('6.301');
  await row.getByRole('checkbox', { name: 'Recommended' }).check();
  await main.getByLabel('Pro 1', { exact: true }).fill('Low rate');
  await main.getByLabel('Con 1', { exact: true }).fill('High fees');
  await main.getByLabel('Overall recommendation', { exact: true }).fill('Lock the recommended quote soon.');
}

/** Saves a broker's analysis through the admin API. */
export async function saveAnalysis(request: APIRequestContext, token: string, id: string, body: Record<string, unknown>) {
  const res = await request.post(`/api/admin/quote-requests/${id}/analysis`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Regulation Z, 12 CFR 1026.24 (issue 26): every rate the page shows is either
 * an offer's rate with its APR beside it, at least as prominent (the same size
 * and weight or more), or a survey average labelled "not an APR"; an ARM's
 * says the rate may increase. The components mark each figure: data-rate-pair
 * holds a rate (data-rate="offer") and its APR (data-apr); data-rate="inline"
 * is generated text in which each rate-like figure says what it is: "6.250%
 * (6.472% APR)", an APR, a figure followed by words saying it is "not an APR",
 * or a share "of the loan amount"; data-rate="broker" is a loan officer's
 * words, held to the same rule unless the note beside them says their rates
 * are "interest rates, not APRs" and where each quote's APR is
 * (docs/compliance.md); data-rate="average" a labelled survey figure;
 * data-rate="own" the visitor's own loan or words; data-rate="none" a
 * percentage that is no interest rate (a loan-to-value). Any rate-like figure
 * (a percentage with decimals) in no marked figure fails, so a rate added
 * without its APR is caught. Answers the problems found, one line each.
 */
export async function rateProblems(page: Page): Promise<string[]> {
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
      // The visitor's own current loan, as they gave it, is not a rate offered.
      if (kind === 'own') continue;
      if (kind === 'average' || pair.querySelector('[data-rate="average"]')) {
        if (!words.includes('not an APR')) problems.push(`a survey average not labelled as one: "${words}"`);
        continue;
      }
      if (kind === 'inline' || kind === 'broker') {
        const rest = words
          .replace(/\d+\.\d+\s?%\s\(\d+\.\d+\s?% APR\)/g, '')
          .replace(/\d+\.\d+\s?% APR/g, '')
          .replace(/\d+\.\d+\s?%\s\([^()]*not an APR[^()]*\)/g, '')
          .replace(/\d+\.\d+\s?%( to \d+\.\d+\s?%)? of the loan amount/g, '');
        const noted = kind === 'broker' && /Rates in the loan officer's words are interest rates, not APRs: each quote's APR is in the Quote Comparison\./.test(words);
        if (rateLike.test(rest) && !noted) problems.push(`a rate without its APR: "${words}"`);
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

export async function expectRatesWithTheirAPR(page: Page, path: string) {
  expect(await rateProblems(page), path).toEqual([]);
}

/**
 * Regulation Z, 12 CFR 1026.24(d) (issue 26): a page that states a payment
 * amount also states the down payment (or that there is none), the terms of
 * repayment (the number of monthly payments) and the APR, in the same card or
 * section. The components mark it: data-payment-terms is the card, section or
 * table row that states a loan's payment and those terms; data-payment="own"
 * is the visitor's own loan's payment, data-payment="none" an amount that is no
 * payment (a difference between two, a saving). A payment is a dollar figure
 * "a month", "/mo" or "per month", a figure after "monthly payments of" or
 * "principal and interest of", or a dollar figure under a label naming a
 * payment or principal and interest (a table column or row, a <dt>). A payment
 * in no marked element fails, and so does a card whose words lack a term, a
 * down payment or an APR (or words saying no APR describes the loan). Answers
 * the problems found, one line each. A loan officer's words (data-rate="broker")
 * may name a payment when the note beside them says each quote's terms are in
 * the Quote Comparison.
 */
export async function paymentProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const paymentText = /\$[\d,]+(?:\.\d+)?\s*(?:(?:more |less )?a month\b|\/mo\b|per month\b)|(?:monthly payments? of|principal and interest of)\s*\$\d/i;
    const paymentLabel = /(?<!down )payment|principal (?:&|and) interest/i;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && el.closest('[aria-hidden="true"]') === null;
    };
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const cards = new Set<Element>();
    const brokerNote = /Payments in the loan officer's words are for the quotes in the Quote Comparison, each with its APR, number of payments and down payment\./;
    const place = (el: Element, words: string) => {
      if (el.closest('[data-payment="own"], [data-payment="none"]')) return;
      // A loan officer's words stand as written, with the note that says where each quote's terms are.
      const broker = el.closest('[data-rate="broker"]');
      if (broker && brokerNote.test(text(broker))) return;
      const card = el.closest('[data-payment-terms]');
      if (card) cards.add(card);
      else problems.push(`a payment without its terms (no down payment, terms of repayment or APR beside it): "${words.slice(0, 200)}"`);
    };
    // 1. Payments in words.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style') || !visible(parent)) continue;
      // A payment split over text nodes ("$2,628" and "/mo") is read in its element, when that is a phrase, not a page.
      const own = (node.textContent ?? '').replace(/\s+/g, ' ');
      if (paymentText.test(own) || (/\$\d/.test(own) && text(parent).length < 300 && paymentText.test(text(parent)))) place(parent, text(parent));
    }
    // 2. Dollar figures under a payment's label: a <dt>'s <dd>, a row header's cells, a column header's cells.
    const valuesOf = (label: Element): Element[] => {
      if (label.tagName === 'DT') return label.nextElementSibling?.tagName === 'DD' ? [label.nextElementSibling] : [];
      if (label.getAttribute('scope') === 'col') {
        const index = [...(label.parentElement?.children ?? [])].indexOf(label);
        return [...(label.closest('table')?.querySelectorAll('tbody tr') ?? [])].map((row) => row.children[index]).filter(Boolean);
      }
      return [...(label.parentElement?.children ?? [])].filter((cell) => cell !== label);
    };
    for (const label of document.querySelectorAll('dt, th')) {
      if (!visible(label) || !paymentLabel.test(text(label))) continue;
      for (const value of valuesOf(label)) {
        if (visible(value) && /\$\d/.test(text(value))) place(value, `${text(label)}: ${text(value)}`);
      }
    }
    // 3. Each card that states a payment states the down payment, the terms of repayment and the APR.
    for (const card of cards) {
      const words = (card as HTMLElement).innerText.replace(/\s+/g, ' ');
      const missing = [
        /no down payment|\$[\d,]+ (?:\(\d+%\) )?down\b|down payment of \$/i.test(words) ? '' : 'the down payment',
        /\d+ monthly (?:principal and interest )?payments/i.test(words) ? '' : 'the terms of repayment (number of payments)',
        /\d+\.\d+\s?% APR|no APR describes|APR could not be estimated/.test(words) ||
        [...card.querySelectorAll('[data-apr]')].some((apr) => visible(apr) && /\d+\.\d+\s?%/.test(text(apr)))
          ? ''
          : 'the APR',
      ].filter(Boolean);
      if (missing.length > 0) problems.push(`a payment without ${missing.join(', ')}: "${words.slice(0, 200)}"`);
    }
    return problems;
  });
}

export async function expectPaymentsWithTheirTerms(page: Page, path: string) {
  expect(await paymentProblems(page), path).toEqual([]);
}

/**
 * The three-quote request of issue 29 (no-cost, two points, one point, 7 years): the points pay
 * back after 5 years, so at the buyer's horizon the two-point quote is cheapest.
 */
export const threeQuoteRequest = {
  loanType: 'purchase', isFirstHome: false, propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84043',
  creditScore: 742, purchasePrice: 500000, downPayment: 100000, horizonMonths: 84,
  quotes: [
    { lenderName: 'Wasatch Home Loans', rate: 6.875, points: 0, lenderFees: -3200, mortgageInsurance: 0 },
    { lenderName: 'Bonneville Bank', rate: 6.25, points: 2, lenderFees: 1200, mortgageInsurance: 0 },
    { lenderName: 'Uinta Credit Union', rate: 6.5, points: 1, lenderFees: 500, mortgageInsurance: 0 },
  ],
};
