import { expect, test } from '@playwright/test';
import { startDevServer, type DevServer } from './dev-server';
import { brokerToken, expectAccessible, importFreshWeek, type ReceivedMail, refiWatchRequest, sharedServerEnv, submitRequest, tabTo, waitForMail } from './helpers';

// Issue 15, part 4: Refi Buddy on the homeowner's terms. The homeowner follows
// the manage link from their e-mails, sets their own trigger and pauses, with
// the keyboard alone, and the page is axe clean.

// On a server of its own with a fresh week imported: on the bundled snapshot
// alone (months old) Refi Buddy holds every alert for fresh data (issue 25),
// and the shared server keeps the snapshot for the other journeys.
const devBaseURL = `http://127.0.0.1:${Number(process.env.QG_E2E_PORT) + 41}`;
let dev: DevServer;
test.use({ baseURL: devBaseURL });
test.beforeAll(async ({ playwright }) => {
  dev = await startDevServer(Number(process.env.QG_E2E_PORT) + 41, devBaseURL, sharedServerEnv());
  const request = await playwright.request.newContext();
  await importFreshWeek(request, devBaseURL);
  await request.dispose();
});
test.afterAll(async () => {
  await dev?.stop();
});

/** The path of the manage link in an e-mail's plain-text part. */
function manageLink(mail: ReceivedMail, before: RegExp): string {
  const link = mail.parts['text/plain'].match(new RegExp(`${before.source} (\\S+/refi-buddy/manage\\?token=\\S+)`))?.[1];
  expect(link, `the manage link in "${mail.subject}"`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

test('a homeowner follows the link in a Refi Buddy e-mail, sets their own trigger and pauses, by keyboard', async ({ page, request }) => {
  const owner = `manage-${Date.now()}@example.com`;
  await submitRequest(request, refiWatchRequest(owner, { balance: 300000, rate: 6.75, payment: 1945.79 }));

  // The confirmation e-mail links to the page; alerts wait for the confirmation.
  const confirmation = await waitForMail(request, owner, 'Confirm your Refi Buddy alerts');
  await page.goto(manageLink(confirmation, /choose what triggers an alert:/));
  await expect(page.getByRole('heading', { level: 1, name: 'Your Refi Buddy alerts' })).toBeVisible();
  await expect(page.getByText('Alerts start once you confirm your address')).toBeVisible();
  const watched = page.getByRole('region', { name: 'The mortgage we watch' });
  await expect(watched).toContainText('6.75%');
  await expect(watched).toContainText('$1,945.79');
  // 300,000 at the snapshot's 6.36% is 1,868.66 a month: about $75 saved, 0.39 points: not the standard rule.
  const today = page.getByRole('region', { name: "Today's comparison" });
  await expect(today).toContainText('6.36%');
  await expect(today).toContainText('$75');
  await expect(today).toContainText('By these figures, your trigger is not met today.');
  await expectAccessible(page, 'the Refi Buddy manage page');

  const confirmLink = confirmation.parts['text/plain'].match(/Turn on Refi Buddy alerts: (\S+)/)![1];
  expect((await request.post(`/api/refi-buddy/confirm${new URL(confirmLink).search}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText("Alerts are on. We'll e-mail you when your trigger is met.")).toBeVisible();

  // Keyboard only: the standard rule is chosen; the arrow key picks savings, Tab
  // reaches the amount, Enter submits. A bad amount is named first.
  const rule = page.getByRole('radio', { name: /Our standard rule \(recommended\)/ });
  await expect(rule).toBeChecked();
  await tabTo(page, rule);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Savings of at least an amount a month/ })).toBeChecked();
  const amount = page.getByLabel('Monthly savings of at least');
  await tabTo(page, amount);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter the monthly savings, a whole number of dollars from $5 to $10,000')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');
  await expect(page.locator('main').getByText(/^Saved:/)).toHaveText("Saved: we'll alert you when refinancing would save at least $50 a month.");
  await expect(today).toContainText('By these figures, your trigger is met today.');
  await expectAccessible(page, 'the manage page with a savings trigger');

  // The evaluation honours the trigger: the alert says what fired it and links back.
  const run = await request.post('/api/admin/refi-watches/run', { headers: { Authorization: `Bearer ${await brokerToken(request)}` } });
  expect(run.status()).toBe(200);
  const alert = await waitForMail(request, owner, /^Refinancing could save you \$/);
  expect(alert.parts['text/plain']).toContain('You asked for an alert when refinancing would save at least $50 a month: today it would save about $75 a month.');
  await page.goto(manageLink(alert, /Change what triggers your alerts, or pause them:/));
  await expect(page.getByRole('radio', { name: /Savings of at least an amount a month/ })).toBeChecked();
  await expect(page.getByLabel('Monthly savings of at least')).toHaveValue('50');

  const pause = page.getByRole('button', { name: 'Pause alerts' });
  await tabTo(page, pause);
  await page.keyboard.press('Enter');
  await expect(page.locator('main').getByText('Alerts paused.', { exact: true })).toBeFocused();
  await expect(page.getByText('Alerts are paused. Nothing is sent until you resume them.')).toBeVisible();
  const resume = page.getByRole('button', { name: 'Resume alerts' });
  await expect(resume).toBeVisible();
  await expectAccessible(page, 'the manage page of a paused watch');
  await page.reload();
  await expect(page.getByText('Alerts are paused. Nothing is sent until you resume them.')).toBeVisible();

  // An altered link says so.
  await page.goto(`${manageLink(alert, /Change what triggers your alerts, or pause them:/)}x`);
  await expect(page.getByRole('alert')).toContainText('This link is not valid. Please use the link in your latest Refi Buddy e-mail.');
  await expectAccessible(page, 'the manage page of an altered link');
});
