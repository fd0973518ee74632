import { expect, test, type Page } from '@playwright/test';
import {
  brokerToken, expectAccessible, expectPaymentsWithTheirTerms, expectRatesWithTheirAPR, openPage, paymentProblems, rateProblems, saveAnalysis, submitRequest, waitForMail,
} from './helpers';

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
  test(`every public page carries the licensing footer, every rate its APR and every payment its terms, at ${width} px`, async ({ page }) => {
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
      await expectPaymentsWithTheirTerms(page, path);
    }
  });
}

// The pages a visitor reaches with a request of their own (issue 26 §1): the
// quote-grade results (the instant estimate, then the broker's analysis and
// free text), Shop Rates' estimates and Refi Buddy's manage page, each at both
// widths, with every rate beside its APR, a labelled average, or, in a loan
// officer's words, the note that says what the rate is (docs/compliance.md).
const aPurchase = {
  loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false,
  zipCode: '84101', creditScore: 742, state: 'UT', purchasePrice: 450000, downPayment: 45000, downPaymentPercent: 10,
  keystone_consideration: 'open',
};

/** Opens path at both widths and, once ready() says the page is there, checks the footer and every rate. */
async function walkBothWidths(page: Page, path: string, what: string, ready: () => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, path);
    await ready();
    await expectLicensingFooter(page, `${what} at ${width} px`);
    await expectRatesWithTheirAPR(page, `${what} at ${width} px`);
    await expectPaymentsWithTheirTerms(page, `${what} at ${width} px`);
  }
}

const BROKER_NOTE = "Rates in the loan officer's words are interest rates, not APRs: each quote's APR is in the Quote Comparison.";

test('the quote-grade results give every rate its APR: the instant estimate\'s reasons, the comparison and the broker\'s words', async ({ page, request }) => {
  test.slow();
  const id = await submitRequest(request, { ...aPurchase, brokerRate: 6.625, brokerLenderFees: -1200, brokerMortgageInsurance: 140, questions: ['Is 6.625% a good rate?'] });
  const path = `/rate-results?qr=${id}`;
  // The instant estimate: its working opened, each reason names the quote's rate with its APR.
  await walkBothWidths(page, path, 'the results page with the instant estimate', async () => {
    const estimate = page.getByRole('region', { name: 'Instant estimate' });
    await estimate.getByRole('button', { name: 'How we worked this out' }).click();
    await expect(estimate.getByText(/^Your rate of 6\.625% \(\d\.\d{3}% APR\) is 0\.19 percentage points above the 6\.435% \(an interest rate, not an APR\)/)).toBeVisible();
  });

  // The broker's analysis, with free text naming bare rates.
  await saveAnalysis(request, await brokerToken(request), id, {
    analysis: { lender: 'provident', grade: 'B', pros: ['A lender credit of $1,200'], cons: ['6.625% is above the 6.5% our partner offers'],
      recommendations: ['Ask your lender to match 6.5%.'], answers: ['Yes: 6.625% (6.702% APR) with a $1,200 credit is fair, but 6.5% is better.'] },
    quotes: [{ rate: 6.5, lenderFees: 1500, mortgageInsurance: 120, apr: 6.773, isRecommended: true }],
  });
  await walkBothWidths(page, path, 'the analysed quote-grade results', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
  });
  // The visitor's own quote shows its computed APR in the table; the comparison sentence names the rate with its APR.
  await expect(page.getByRole('table').getByRole('row', { name: /Your Quote/ })).toContainText(/6\.625%\d\.\d{3}%/);
  await expect(page.getByRole('region', { name: 'Compared with your quote' })).toContainText('The 6.50% (6.773% APR) quote costs');
  // The broker's bare rates carry the note beside them; a rate written with its APR needs none.
  await expect(page.getByRole('region', { name: 'Overall Recommendation' })).toContainText(`Ask your lender to match 6.5%.${BROKER_NOTE}`);
  await expect(page.getByRole('region', { name: 'Cons' })).toContainText(BROKER_NOTE);
  await expect(page.getByRole('region', { name: 'Pros' })).not.toContainText(BROKER_NOTE);
  await expect(page.getByRole('region', { name: 'Your questions' })).toContainText(`6.625% (6.702% APR) with a $1,200 credit is fair, but 6.5% is better.${BROKER_NOTE}`);
  await expectAccessible(page, 'the analysed results with the broker\'s note');
  // Without the note, the broker's bare rate fails the check.
  await page.getByRole('region', { name: 'Overall Recommendation' }).getByText(BROKER_NOTE).evaluate((note) => note.remove());
  expect((await rateProblems(page)).join('\n')).toContain('a rate without its APR: "Ask your lender to match 6.5%."');
});

test('two quotes side by side, with the broker\'s verdicts, give every rate its APR', async ({ page, request }) => {
  test.slow();
  const id = await submitRequest(request, { ...aPurchase, horizonMonths: 84, quotes: [
    { lenderName: 'Wasatch Home Loans', rate: 6.875, lenderFees: -3200 },
    { lenderName: 'Bonneville Bank', rate: 6.25, points: 2, lenderFees: 1200 },
  ] });
  const path = `/rate-results?qr=${id}`;
  await walkBothWidths(page, path, 'two quotes side by side', async () => {
    await expect(page.getByRole('region', { name: 'Your quotes side by side' })).toBeVisible();
  });
  await expect(page.getByRole('region', { name: 'Your quotes side by side' })).not.toContainText('APR not available');
  await saveAnalysis(request, await brokerToken(request), id, {
    analysis: { lender: 'provident', grade: 'B', pros: ['Two real offers'], cons: ['Points pay back slowly'], recommendations: ['Take the 6.25% if you stay seven years.'],
      quoteVerdicts: [
        { grade: 'C', pros: ['No points'], cons: ['6.875% is high for a 742 score'], recommended: false },
        { grade: 'A', pros: ['6.25% is the lowest rate here'], cons: ['Two points up front'], recommended: false },
      ] },
    quotes: [{ rate: 6.25, lenderFees: 1200, mortgageInsurance: 148.5, apr: 6.565 }],
  });
  await walkBothWidths(page, path, 'two quotes analysed with verdicts', async () => {
    await expect(page.getByRole('list', { name: 'Verdicts' })).toBeVisible();
  });
  const verdicts = page.getByRole('list', { name: 'Verdicts' });
  await expect(verdicts.getByText(/^6\.875% \(\d\.\d{3}% APR\)$/)).toBeVisible();
  await expect(verdicts.getByText(/^6\.25% \(\d\.\d{3}% APR\)$/)).toBeVisible();
  await expect(verdicts).toContainText(BROKER_NOTE);
});

test('Shop Rates: the estimates after the form give every rate its APR', async ({ page, request }) => {
  test.slow();
  const id = await submitRequest(request, aPurchase);
  const path = `/rate-results?qr=${id}`;
  await walkBothWidths(page, path, 'Shop Rates, waiting for estimates', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  });
  await saveAnalysis(request, await brokerToken(request), id, {
    analysis: { lender: 'provident', recommendations: ['Lock at 6.375% if you can close within 30 days.'], notes: ['A 5/1 ARM starts at 5.875%.'] },
    quotes: [
      { rate: 6.375, lenderFees: 2400, mortgageInsurance: 150, apr: 6.727 },
      { rate: 6.125, lenderFees: 5200, mortgageInsurance: 150, apr: 6.537 },
    ],
  });
  await walkBothWidths(page, path, 'Shop Rates estimates', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
    await expect(page.locator('[data-apr]:visible').first()).toBeVisible();
  });
  await expect(page.getByRole('table', { name: /Lender quotes for your scenario/ })).toContainText(/6\.375%\d\.\d{3}%/);
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText(BROKER_NOTE);
});

test('Refi Buddy: the manage page labels the market rate as an average and the homeowner\'s own rate as theirs', async ({ page, request }) => {
  test.slow();
  const owner = `compliance-${Date.now()}@example.com`;
  const id = await submitRequest(request, {
    loanType: 'refinance', propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84604', creditScore: 760,
    state: 'UT', propertyValue: 600000, remainingBalance: 300000, cashOut: false, keystone_consideration: 'skip',
    refi_intent: 'get_notified', email: owner, current_mortgage_rate: 6.75, current_monthly_payment: 1945.79, current_mortgage_program: '30-year-fixed',
  });
  await walkBothWidths(page, `/rate-results?qr=${id}`, 'Refi Buddy waiting for an analysis', async () => {
    await expect(page.getByRole('heading', { level: 1, name: "You're All Set!" })).toBeVisible();
  });
  const confirmation = await waitForMail(request, owner, 'Confirm your Refi Buddy alerts');
  const link = new URL(confirmation.parts['text/plain'].match(/(\S+\/refi-buddy\/manage\?token=\S+)/)![1]);
  await walkBothWidths(page, link.pathname + link.search, 'the Refi Buddy manage page', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your Refi Buddy alerts' })).toBeVisible();
  });
  const today = page.getByRole('region', { name: "Today's comparison" });
  await expect(today).toContainText(/Market rate6\.36%Freddie Mac .*week of May 14, 2026: an average interest rate, not an APR, not an offer/);
  await expect(page.getByRole('region', { name: 'The mortgage we watch' })).toContainText('Interest rate6.75%');
  await expectAccessible(page, 'the Refi Buddy manage page with its labelled average');
});

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

test('the payment check fails a payment whose terms are gone, or a payment shown alone', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/example-results');
    // A quote of the comparison: its table row on wide screens, its card on phones.
    const card = page.locator('tr[data-payment-terms]:visible, ul[aria-label="Quotes, lowest rate first"] > li[data-payment-terms]:visible').first();
    await expect(card).toBeVisible();
    expect(await paymentProblems(page), `${width} px`).toEqual([]);
    // The quote's terms of repayment and down payment removed: its payment stands alone.
    await card.getByText(/^30-year fixed: 360 monthly payments, \$[\d,]+ down$/).first().evaluate((terms) => terms.remove());
    expect((await paymentProblems(page)).join('\n'), `${width} px`).toMatch(/a payment without the down payment, the terms of repayment \(number of payments\): /);
  }
  await openPage(page, '/');
  expect(await paymentProblems(page)).toEqual([]);
  await page.getByRole('main').evaluate((main) => main.append(Object.assign(document.createElement('p'), { textContent: 'Payments from $1,899/mo!' })));
  expect((await paymentProblems(page)).join('\n')).toContain('a payment without its terms (no down payment, terms of repayment or APR beside it): "Payments from $1,899/mo!"');
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
