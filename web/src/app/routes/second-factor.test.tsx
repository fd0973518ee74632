import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BROKER, signedInAs } from '@/testing/auth';
import { makeSite } from '@/testing/fixtures';
import { emptyDashboard, mockApi, noContent, ok, type Reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_code_png: 'data:image/png;base64,AA==' };
const WRONG_CODE = "That code is not right: check your authenticator app's clock and try the current code";
const RECOVERY_CODES = ['k3xq-7vma-pd2r-h8wz', 'a2b3-c4d5-e6f7-g2h3', 'mnop-qrst-uvwx-yz23'];

/** The server's 400 for a code it refuses (internal/auth), as the app receives it. */
const refused = (error: string): Reply => ({ status: 400, body: { error } });

/**
 * The sign-in answers of a broker signed in with Google who has not passed the second factor yet: POST
 * /api/auth/token answers 403 until passed() says the server let them through, then a token.
 */
function waitingForSecondFactor(passed: () => boolean, status: { enrolled: boolean }): Record<string, Reply | (() => Reply)> {
  const signedIn = signedInAs(BROKER);
  return {
    ...emptyDashboard,
    'POST /api/users': signedIn['POST /api/users'],
    'POST /api/auth/token': () =>
      passed() ? signedIn['POST /api/auth/token'] : { status: 403, body: { error: 'Pass the second factor first', second_factor: true } },
    'GET /api/auth/second-factor': () => ok({ email: BROKER.email, required: true, passed: passed(), enrolled: status.enrolled }),
  };
}

describe('/second-factor', () => {
  it("names the site file's brand, not a compiled-in one, in the QR code's text alternative and the title (issue 26)", async () => {
    mockApi({
      'GET /api/site': ok(makeSite({ brand: 'Wasatch Loans' })),
      'GET /api/auth/second-factor': ok({ email: 'broker@example.com', required: true, passed: false, enrolled: false }),
      'POST /api/auth/second-factor/enrol': ok({ secret: 'ABC', otpauth_url: 'otpauth://totp/x', qr_code_png: 'data:image/png;base64,AA==' }),
    });
    const { user } = renderApp('/second-factor');
    await user.click(await screen.findByRole('button', { name: 'Set up my authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code to add Wasatch Loans to your authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /quotegrade/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Second factor · Wasatch Loans');
  });

  it('shows the key to type in and, for a wrong code from the app, says so at the field and stays on the step', async () => {
    const api = mockApi({ ...waitingForSecondFactor(() => false, { enrolled: false }), 'POST /api/auth/second-factor/enrol': ok(ENROLMENT),
      'POST /api/auth/second-factor/confirm': refused(WRONG_CODE) });
    const { user, location } = renderApp('/second-factor');
    expect(await screen.findByText(`Signed in with Google as ${BROKER.email}.`)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Set up my authenticator app' }));
    expect(await screen.findByRole('heading', { name: 'Scan this QR code with your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(ENROLMENT.secret);
    const code = screen.getByLabelText('Six-digit code from the app');
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(`The app shows a new code every 30 seconds. ${WRONG_CODE}`));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/auth/second-factor/confirm').map((call) => call.body)).toEqual([{ code: '123456' }]);
    // No recovery codes, and the broker can try again with the next code.
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(location().pathname).toBe('/second-factor');
  });

  it('shows the recovery codes once the code is right, and goes on to the page asked for when they are saved', async () => {
    let passed = false;
    const api = mockApi({
      ...waitingForSecondFactor(() => passed, { enrolled: false }),
      'POST /api/auth/second-factor/enrol': ok(ENROLMENT),
      'POST /api/auth/second-factor/confirm': () => {
        passed = true;
        return ok({ recovery_codes: RECOVERY_CODES });
      },
    });
    // The admin guard sends a broker who has not passed the second factor here, and back afterwards.
    const { user, location } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Set up my authenticator app' }));
    expect(location().pathname).toBe('/second-factor');
    await user.type(await screen.findByLabelText('Six-digit code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    expect(screen.getByText(/they are shown only this once/)).toBeInTheDocument();
    // The broker is not sent on before they say they have saved the codes.
    expect(location().pathname).toBe('/second-factor');
    expect(screen.queryByRole('heading', { name: 'Broker Dashboard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/admin');
    expect(api.callsTo('POST', '/api/auth/second-factor/confirm').map((call) => call.body)).toEqual([{ code: '654321' }]);
  });

  it('asks an enrolled broker for a code and, for a wrong one, says so at the field and lets them try again', async () => {
    const api = mockApi({ ...waitingForSecondFactor(() => false, { enrolled: true }), 'POST /api/auth/second-factor/verify': refused(WRONG_CODE) });
    const { user, location } = renderApp('/second-factor?return_to=%2Fadmin');
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(screen.queryByRole('button', { name: 'Set up my authenticator app' })).not.toBeInTheDocument();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(`Six digits, or one of your recovery codes if you do not have your phone. ${WRONG_CODE}`),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(location().pathname).toBe('/second-factor');
    expect(api.callsTo('POST', '/api/auth/second-factor/verify').map((call) => call.body)).toEqual([{ code: '000000' }]);
  });

  it('lets an enrolled broker in with one of their recovery codes instead of a code from the app', async () => {
    let passed = false;
    const api = mockApi({
      ...waitingForSecondFactor(() => passed, { enrolled: true }),
      'POST /api/auth/second-factor/verify': () => {
        passed = true;
        return noContent;
      },
    });
    const { user, location } = renderApp('/admin');
    await user.type(await screen.findByLabelText('Code from your authenticator app'), RECOVERY_CODES[0]);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/admin');
    expect(screen.getByText(`Signed in as ${BROKER.email}`)).toBeInTheDocument();
    // The code goes to the server as typed: the server tells a recovery code from an app's code.
    expect(api.callsTo('POST', '/api/auth/second-factor/verify').map((call) => call.body)).toEqual([{ code: RECOVERY_CODES[0] }]);
  });
});
