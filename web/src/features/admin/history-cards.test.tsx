import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BROKER, signedInAs } from '@/testing/auth';
import { makeAnalysis, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { KeptEmailsCard, VersionsCard } from './components/history-cards';

// Issue 27 §3: the broker sees every saved version of the analysis, and every e-mail sent about the request.
describe('the request history', () => {
  it('lists the versions newest first with who saved them, and shows an earlier one whole', async () => {
    mockApi({
      ...signedInAs(BROKER),
      [`GET /api/admin/quote-requests/${REQUEST_ID}/versions`]: ok([
        { version: 2, saved_at: '2026-11-20T17:00:00Z', saved_by: 'bob@example.com', analysis: makeAnalysis({ grade: 'B', pros: ['Lender credit offered'] }) },
        { version: 1, saved_at: '2026-11-19T16:30:00Z', saved_by: 'ann@example.com', analysis: makeAnalysis({ grade: 'C', pros: ['Fixed rate'] }) },
      ]),
    });
    const { user } = renderPage(<VersionsCard requestId={REQUEST_ID} />);
    const list = await screen.findByRole('list', { name: 'Saved versions, newest first' });
    const items = Array.from(list.children) as HTMLElement[];
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Version 2: saved by bob@example.com on November 20, 2026 at 10:00\sAM\(the one the visitor sees\)/);
    expect(items[1]).toHaveTextContent(/Version 1: saved by ann@example.com on November 19, 2026 at 9:30\sAM/);
    await user.click(within(items[1]).getByText(/Version 1/));
    expect(within(items[1]).getByText('Fixed rate')).toBeVisible();
    expect(within(items[1]).getByText('C')).toBeVisible();
  });

  it('says when no analysis was saved yet', async () => {
    mockApi({ ...signedInAs(BROKER), [`GET /api/admin/quote-requests/${REQUEST_ID}/versions`]: ok([]) });
    renderPage(<VersionsCard requestId={REQUEST_ID} />);
    expect(await screen.findByText(/No analysis saved yet/)).toBeInTheDocument();
  });

  it("says the server's words when a list could not be loaded, and its own when the server gave none", async () => {
    mockApi({
      ...signedInAs(BROKER),
      [`GET /api/admin/quote-requests/${REQUEST_ID}/versions`]: { status: 500 },
      [`GET /api/admin/quote-requests/${REQUEST_ID}/emails`]: { status: 403, body: { error: 'Not your request' } },
    });
    renderPage(
      <>
        <VersionsCard requestId={REQUEST_ID} />
        <KeptEmailsCard requestId={REQUEST_ID} />
      </>,
    );
    expect(await screen.findByText('The versions could not be loaded. Please reload the page.')).toBeInTheDocument();
    expect(await screen.findByText('Not your request')).toBeInTheDocument();
  });

  it('lists the e-mails sent, with who sent them, each readable', async () => {
    mockApi({
      ...signedInAs(BROKER),
      [`GET /api/admin/quote-requests/${REQUEST_ID}/emails`]: ok([
        { id: 'm2', to: 'dana@example.com', subject: 'About your points', text: 'Call me about the points.', html: '<p>Call me</p>', sent_by: 'bob@example.com', sent_at: '2026-11-20T17:05:00Z' },
        { id: 'm1', to: 'dana@example.com', subject: 'Your Quote Analysis is Ready!', text: 'Good news!', html: '<p>Good news!</p>', sent_by: '', sent_at: '2026-11-20T17:00:00Z' },
      ]),
    });
    const { user } = renderPage(<KeptEmailsCard requestId={REQUEST_ID} />);
    const list = await screen.findByRole('list', { name: 'E-mails sent, newest first' });
    const items = Array.from(list.children) as HTMLElement[];
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/About your pointsTo dana@example.com, sent by bob@example.com on November 20, 2026 at 10:05\sAM/);
    expect(items[1]).toHaveTextContent('sent by quotegrade (sent by itself)');
    await user.click(within(items[0]).getByText('About your points'));
    expect(within(items[0]).getByText('Call me about the points.')).toBeVisible();
  });
});
