import { expect, test } from '@playwright/test';
import { E2E_ADMIN, expectAccessible, signInFrom, submitRequest } from './helpers';

// Issue 26 §3, docs/compliance.md (TCPA, 47 CFR 64.1200): a visitor who asks
// the notify-me form for a text agrees to it first, in words naming the
// brokerage and the number, and the broker sees what they agreed to, when
// and from where. The e2e server runs on the demonstration site file.
const consentWords =
  'I agree that quotegrade Mortgage Brokerage may call or text me at 801-555-0166 about this request. Consent is not a condition of any service. ' +
  'Message and data rates may apply. Reply STOP to opt out.';

test('a visitor choosing Text must tick the consent box, and the broker sees the consent kept', async ({ page, request }) => {
  const id = await submitRequest(request, {
    loanType: 'purchase', isFirstHome: false, propertyType: 'primary', propertyStyle: 'single', militaryService: false,
    zipCode: '84101', creditScore: 700, purchasePrice: 400000, downPayment: 80000, brokerRate: 6.5, brokerLenderFees: 0,
  });
  await page.goto(`/rate-results?qr=${id}`);
  const notify = page.getByRole('region', { name: "Get notified when it's ready" });
  await expect(notify.getByRole('checkbox')).toHaveCount(0);

  await notify.getByRole('radio', { name: 'Text' }).check();
  await notify.getByRole('textbox', { name: 'Phone number' }).fill('801-555-0166');
  const consent = notify.getByRole('checkbox', { name: consentWords });
  await expect(consent).not.toBeChecked();
  await expectAccessible(page, 'the notify-me form with its consent box');

  // Unticked, the form refuses at the box and moves focus there.
  await notify.getByRole('button', { name: 'Notify Me' }).click();
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAccessibleDescription('Please agree to be called or texted at this number, or choose Email');

  // The server refuses too, naming the field, and keeps nothing.
  const refused = await request.patch(`/api/quote-requests/${id}/contact-info`, {
    data: { preferredContactMethod: 'text', phone: '801-555-0166' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields.contactConsent).toBe('Please agree to be called or texted at this number, or choose Email');

  await consent.check();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/quote-requests/${id}/contact-info`));
  await notify.getByRole('button', { name: 'Notify Me' }).click();
  expect((await saved).status()).toBe(200);
  await expect(notify.getByText("We'll text you as soon as your analysis is ready.")).toBeVisible();

  // The broker's request page shows the words, the time and the address.
  await signInFrom(page, `/admin/analysis/${id}`, E2E_ADMIN);
  await expect(page.getByRole('heading', { name: 'Create Analysis' })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact', exact: true });
  await expect(contact).toContainText('Preferred contact methodText');
  await expect(contact).toContainText(/Consent to calls and textsGiven .+ from 127\.0\.0\.1:/);
  await expect(contact).toContainText(`“${consentWords}”`);
  await expectAccessible(page, "the broker's request page with the consent");
});
