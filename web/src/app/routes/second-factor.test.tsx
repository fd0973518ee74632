import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSite } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

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
});
