import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { choose, expectAccessible, fillOneQuoteAnalysis, requestIdFrom, sharedSteps, type ReceivedMail } from './helpers';

// The site as a brokerage that outgrew one machine runs it (issue 13): two
// copies of the real binary on one PostgreSQL schema, uploads in S3, mail to
// an SMTP server, behind a reverse proxy (bin/testcluster). The visitor only
// ever reaches the proxy; the broker works on one copy directly.

type Cluster = { proxy: string; copies: string[] };

const root = path.resolve(import.meta.dirname, '../..');
const controlPort = Number(process.env.QG_E2E_PORT) + 10;
const control = `http://127.0.0.1:${controlPort}`;
let cluster: Cluster;
let child: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  if (!process.env.QG_TEST_POSTGRES_URL) {
    // As in the Go suite: loud, and a failure in CI.
    expect(process.env.CI, 'QG_TEST_POSTGRES_URL must be set in CI: the cluster journey needs PostgreSQL').not.toBe('true');
    console.warn('!!! QG_TEST_POSTGRES_URL is not set: the cluster journey is SKIPPED !!!');
    test.skip(true, 'QG_TEST_POSTGRES_URL is not set');
  }
  child = spawn(path.join(root, 'bin/testcluster'), ['--binary', path.join(root, 'bin/quotegrade'), '--control-addr', `127.0.0.1:${controlPort}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(async () => (await request.get(`${control}/health`).catch(() => null))?.status(), {
      message: 'bin/testcluster answers (run make bin/testcluster)', timeout: 60_000,
    })
    .toBe(204);
  cluster = await (await request.get(`${control}/cluster`)).json();
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
});

/** The mail the cluster's SMTP server received once no e-mail is queued in the shared database. */
async function mailAfterQueuesIdle(request: APIRequestContext): Promise<ReceivedMail[]> {
  await expect
    .poll(async () => (await (await request.get(`${control}/mail-queue`)).json()).pending, { message: 'e-mails still queued', timeout: 30_000 })
    .toBe(0);
  return (await request.get(`${control}/messages`)).json();
}

test('a visitor submits through the proxy, the broker analyses on the other copy, the visitor reads it: one e-mail', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const visitorEmail = `cluster-${Date.now()}@example.com`;

  // The visitor, through the proxy, with the real wizard.
  const visitorContext = await browser.newContext({ baseURL: cluster.proxy });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/check-my-rate');
  await visitor.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  await visitor.getByLabel('Interest rate', { exact: true }).fill('6.875');
  await visitor.getByLabel('Total lender fees', { exact: true }).fill('3200');
  await visitor.getByRole('button', { name: 'Continue to Loan Information' }).click();
  await choose(visitor, 'Are you buying a home or refinancing?', /Buying a home/);
  await choose(visitor, 'Is this your first home?', /^Yes/);
  await visitor.getByLabel('Purchase price', { exact: true }).fill('480000');
  await visitor.getByRole('button', { name: '10%' }).click();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await sharedSteps(visitor, { zip: '84057', credit: '722', military: 'No' });
  const submitted = visitor.waitForResponse((r) => r.url().endsWith('/api/quote-requests/submit'));
  await visitor.getByRole('button', { name: 'Submit' }).click();
  const submit = await submitted;
  expect(submit.status()).toBe(201);
  const firstCopy = submit.headers()['x-test-backend'];
  expect(cluster.copies).toContain(firstCopy);
  await expect(visitor.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  const id = requestIdFrom(visitor);
  await visitor.getByRole('radio', { name: 'Email' }).check();
  await visitor.getByRole('textbox', { name: 'Email' }).fill(visitorEmail);
  await visitor.getByRole('button', { name: 'Notify Me' }).click();
  await expect(visitor.getByRole('main').getByText("We'll email you as soon as your analysis is ready.")).toBeVisible();

  // The broker, on the copy that did not take the submission.
  const otherCopy = cluster.copies.find((c) => c !== firstCopy)!;
  const brokerContext = await browser.newContext({ baseURL: `http://${otherCopy}` });
  const broker = await brokerContext.newPage();
  await broker.goto('/admin');
  await expect(broker).toHaveURL(/\/login$/);
  await broker.getByRole('button', { name: 'Sign in as local admin' }).click();
  await expect(broker.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
  await broker.getByRole('region', { name: 'Pending Analysis' }).locator(`a[href="/admin/analysis/${id}"]`).click();
  await expect(broker.getByRole('heading', { name: 'Create Analysis' })).toBeVisible();
  await fillOneQuoteAnalysis(broker);
  await broker.getByRole('button', { name: 'Submit Analysis' }).click();
  await expect(broker.getByText('Analysis submitted successfully')).toBeVisible();

  // The visitor reads the analysis through the proxy; its answers come from both copies.
  const backends = new Set<string>();
  visitor.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) backends.add(r.headers()['x-test-backend']);
  });
  for (const _ of [1, 2]) {
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
    await expect(visitor.locator('[data-grade="B"]')).toBeVisible();
    await expect(visitor.getByText('Lock the recommended quote soon.')).toBeVisible();
  }
  expect([...backends].sort()).toEqual([...cluster.copies].sort());
  await expectAccessible(visitor, 'the results page through the proxy');

  // Exactly one "analysis ready" e-mail, linking to the proxy's address.
  const mail = (await mailAfterQueuesIdle(request)).filter((m) => m.to.includes(visitorEmail));
  expect(mail.map((m) => m.subject)).toEqual(['Your Quote Analysis is Ready!']);
  expect(mail[0].parts['text/plain']).toContain(`${cluster.proxy}/rate-results/?qr=${id}`);
  // Both copies start on the bundled market data, months old: the broker address is told once, not once a copy.
  const brokerMail = (await mailAfterQueuesIdle(request)).filter((m) => m.to.includes('brokers@cluster.test'));
  expect(brokerMail.filter((m) => /^Market data is \d+ days old$/.test(m.subject))).toHaveLength(1);
  await visitorContext.close();
  await brokerContext.close();
});
