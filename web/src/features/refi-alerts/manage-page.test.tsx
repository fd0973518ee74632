import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, noContent, ok, type RecordedCall } from '@/testing/mock-api';
import { makeRefiManage } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { expectAprInTheRatesType } from '@/testing/rate-and-apr';

const URL_GET = 'GET /api/refi-buddy/manage?token=tok';
const URL_PUT = 'PUT /api/refi-buddy/manage?token=tok';
const URL_POST = 'POST /api/refi-buddy/manage?token=tok';

describe('Refi Buddy manage page', () => {
  it('shows the mortgage watched and today’s comparison', async () => {
    mockApi({ [URL_GET]: ok(makeRefiManage()) });
    renderApp('/refi-buddy/manage?token=tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Refi Buddy alerts' })).toBeInTheDocument();
    expect(screen.getByText("Alerts are on. We'll e-mail you when your trigger is met.")).toBeInTheDocument();
    const watched = screen.getByRole('region', { name: 'The mortgage we watch' });
    expect(within(watched).getByText('6.75%')).toBeInTheDocument();
    expect(within(watched).getByText('$1,945.79')).toBeInTheDocument();
    expect(within(watched).getByText('30-year fixed')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: "Today's comparison" });
    expect(within(today).getByText(/Refinancing your balance at the market rate for the week of May 14, 2026/)).toBeInTheDocument();
    // The market rate is labelled as the survey average it is; the homeowner's own rate is theirs (issue 26).
    expect(within(today).getByText(/: an average interest rate, not an APR, not an offer$/)).toHaveTextContent(/^Freddie Mac .*, week of May 14, 2026: /);
    expect(within(today).getByText('$75')).toBeInTheDocument();
    expect(within(today).getByText('40 months')).toBeInTheDocument();
    expect(within(today).getByText('By these figures, your trigger is not met today.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Our standard rule \(recommended\)/ })).toBeChecked();
  });

  it('gives both loans’ rate, APR and term beside the payments, and says a new loan starts the term again (12 CFR 1026.24(d))', async () => {
    mockApi({ [URL_GET]: ok(makeRefiManage({ comparison: { ...makeRefiManage().comparison, currentMonthsLeft: 322 } })) });
    renderApp('/refi-buddy/manage?token=tok');
    const today = await screen.findByRole('region', { name: "Today's comparison" });
    expect(today).toHaveTextContent(
      "Your loan today: 6.75%, the note rate you gave us (not an APR: we do not know your loan's APR), with principal and interest of $1,945.79 a month and about 26 years and 10 months of payments left (322 monthly payments, estimated from your balance, rate and payment).",
    );
    expect(today).toHaveTextContent(
      'The new loan in this estimate: 6.36% rate (6.465% APR), a 30-year fixed loan of 360 monthly payments of $1,868.66 in principal and interest, with no down payment: it refinances your balance. The rate is the weekly market average above; the APR is estimated for it, counting the estimated closing costs of $3,000 as finance charges. Taxes and insurance are not included.',
    );
    expect(today).toHaveTextContent(
      'A new 30-year loan starts your term again: you would pay for 30 years from now, not the 26 years and 10 months you have left. A lower payment spread over more years can cost more interest in all.',
    );
    expectAprInTheRatesType(today, '6.36% rate', '6.465% APR');
  });

  it('gives no new loan for a 5/1 ARM, which has no market average to price one', async () => {
    const reason = 'This could not be judged on current rates: there is no market average for your loan’s program to compare with.';
    mockApi({
      [URL_GET]: ok(
        makeRefiManage({
          mortgage: { rate: 6.75, monthlyPayment: 1945.79, balance: 300000, loanProgram: '5-1-arm' },
          comparison: { ...makeRefiManage().comparison, newRate: 0, newPayment: 0, newApr: null, judged: false, notJudged: reason },
        }),
      ),
    });
    renderApp('/refi-buddy/manage?token=tok');
    const today = await screen.findByRole('region', { name: "Today's comparison" });
    expect(within(today).getByRole('note')).toHaveTextContent(reason);
    expect(today).not.toHaveTextContent('The new loan in this estimate');
    expect(today).not.toHaveTextContent('starts your term again');
    // No new loan, so no new payment: never "$0" (12 CFR 1026.24(d): a payment stated brings its terms).
    expect(today).toHaveTextContent('New monthly paymentNot estimated');
  });

  it('says the comparison could not be judged on current rates instead of judging (issue 25)', async () => {
    const reason = 'This could not be judged on current rates: the newest market average we have for your loan is from the week of May 14, 2026, 197 days ago.';
    mockApi({ [URL_GET]: ok(makeRefiManage({ comparison: { ...makeRefiManage().comparison, marketAgeDays: 197, judged: false, notJudged: reason } })) });
    renderApp('/refi-buddy/manage?token=tok');
    const today = await screen.findByRole('region', { name: "Today's comparison" });
    expect(within(today).getByRole('note')).toHaveTextContent(reason);
    expect(within(today).queryByText(/your trigger is (not )?met today/)).not.toBeInTheDocument();
  });

  it('saves a savings trigger, after saying what is wrong with the amount', async () => {
    const puts: RecordedCall[] = [];
    mockApi({
      [URL_GET]: ok(makeRefiManage()),
      [URL_PUT]: (call) => {
        puts.push(call);
        return ok(makeRefiManage({ trigger: { kind: 'savings', savingsAtLeast: 50, breakEvenWithin: null } }));
      },
    });
    const { user } = renderApp('/refi-buddy/manage?token=tok');
    await user.click(await screen.findByRole('radio', { name: /Savings of at least an amount a month/ }));
    const amount = screen.getByLabelText('Monthly savings of at least');
    await user.type(amount, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    expect(screen.getByText('Enter the monthly savings, a whole number of dollars from $5 to $10,000')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    expect(await screen.findByText("Saved: we'll alert you when refinancing would save at least $50 a month.", { selector: 'p' })).toBeInTheDocument();
    expect(puts.map((c) => c.body)).toEqual([{ kind: 'savings', savingsAtLeast: 50 }]);
  });

  it('takes an amount written with a dollar sign and a comma, and shows it grouped (issue 25 §2)', async () => {
    const puts: RecordedCall[] = [];
    mockApi({
      [URL_GET]: ok(makeRefiManage()),
      [URL_PUT]: (call) => {
        puts.push(call);
        return ok(makeRefiManage({ trigger: { kind: 'savings', savingsAtLeast: 1500, breakEvenWithin: null } }));
      },
    });
    const { user } = renderApp('/refi-buddy/manage?token=tok');
    await user.click(await screen.findByRole('radio', { name: /Savings of at least an amount a month/ }));
    const amount = screen.getByLabelText('Monthly savings of at least');
    await user.click(amount);
    await user.paste('$1,500');
    await user.tab();
    expect(amount).toHaveValue('1,500');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    expect(await screen.findByText("Saved: we'll alert you when refinancing would save at least $1,500 a month.", { selector: 'p' })).toBeInTheDocument();
    expect(puts.map((c) => c.body)).toEqual([{ kind: 'savings', savingsAtLeast: 1500 }]);
  });

  it('shows the server’s message for a break-even it refuses', async () => {
    mockApi({
      [URL_GET]: ok(makeRefiManage()),
      [URL_PUT]: {
        status: 400,
        body: { error: 'Please check the alert trigger', fields: { breakEvenWithin: 'Enter the number of months, a whole number from 1 to 120' } },
      },
    });
    const { user } = renderApp('/refi-buddy/manage?token=tok');
    await user.click(await screen.findByRole('radio', { name: /A break-even within a number of months/ }));
    const months = screen.getByLabelText('Break-even within (months)');
    await user.type(months, '121');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    expect(screen.getByText('Enter the number of months, a whole number from 1 to 120')).toBeInTheDocument();
  });

  it('pauses and resumes', async () => {
    const api = mockApi({
      [URL_GET]: ok(makeRefiManage()),
      [URL_POST]: (call) => {
        const action = (call.body as { action: string }).action;
        return ok(action === 'pause' ? makeRefiManage({ status: 'paused', paused: true }) : makeRefiManage());
      },
    });
    const { user } = renderApp('/refi-buddy/manage?token=tok');
    await user.click(await screen.findByRole('button', { name: 'Pause alerts' }));
    expect(await screen.findByText('Alerts are paused. Nothing is sent until you resume them.')).toBeInTheDocument();
    expect(screen.getByText('Alerts paused.', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume alerts' }));
    expect(await screen.findByRole('button', { name: 'Pause alerts' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/refi-buddy/manage?token=tok').map((c) => c.body)).toEqual([{ action: 'pause' }, { action: 'resume' }]);
  });

  it('unsubscribes, and then offers only a new sign-up', async () => {
    mockApi({ [URL_GET]: ok(makeRefiManage()), [URL_POST]: ok(makeRefiManage({ status: 'unsubscribed' })) });
    const { user } = renderApp('/refi-buddy/manage?token=tok');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, unsubscribe' }));
    expect(await screen.findByText("You're unsubscribed: we won't e-mail you about refinancing.", { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save trigger' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again on Refi Buddy' })).toHaveAttribute('href', '/should-i-refinance');
  });

  it('deletes the data only once the homeowner confirms, then says it is gone; a failure is said at the button', async () => {
    const URL_DELETE = 'DELETE /api/refi-buddy/manage?token=tok';
    let fail = true;
    const api = mockApi({
      [URL_GET]: ok(makeRefiManage()),
      [URL_DELETE]: () => (fail ? { status: 500, body: { error: 'Something went wrong on our side' } } : noContent),
    });
    const { user } = renderApp('/refi-buddy/manage?token=tok');
    await user.click(await screen.findByRole('button', { name: 'Delete my data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your Refi Buddy data?' });
    expect(dialog).toHaveTextContent('Your mortgage details, your address and your alerts are deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my alerts' }));
    expect(api.callsTo('DELETE', '/api/refi-buddy/manage?token=tok')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete my data' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data was deleted' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/refi-buddy/manage?token=tok')).toHaveLength(2);
  });

  it('says plainly when a link is not valid', async () => {
    mockApi({
      'GET /api/refi-buddy/manage?token=forged': {
        status: 404,
        body: { error: 'This link is not valid. Please use the link in your latest Refi Buddy e-mail.' },
      },
    });
    renderApp('/refi-buddy/manage?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid. Please use the link in your latest Refi Buddy e-mail.');
    expect(screen.getByRole('heading', { level: 1, name: "This link doesn't work" })).toBeInTheDocument();
  });
});
