import { lazy, Suspense } from 'react';
import { type RouteObject } from 'react-router';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { CampaignRedirect } from '@/features/campaign';
import { CheckMyRatePage, QuoteGuard } from '@/features/check-my-rate';
import { ExamplePage } from '@/features/example';
import { GradeLandingPage } from '@/features/grade-landing';
import { HomePage } from '@/features/home';
import { LoanWizardPage } from '@/features/loan-wizard';
import { QuoteStartPage } from '@/features/quote-start';
import { ConfirmPage, UnsubscribePage } from '@/features/refi-alerts';
import { RefiBuddyPage } from '@/features/refi-buddy';
import { ResultsPage } from '@/features/results';
import { RootLayout } from './layout/root-layout';
import { RequireAdmin } from './require-admin';
import { LoginPage } from './routes/login';
import { NotFoundPage } from './routes/not-found';

// The broker area loads on demand, after the admin check: visitors never download it.
const AdminArea = lazy(() => import('@/features/admin').then((module) => ({ default: module.AdminArea })));

function AdminRoute() {
  return (
    <RequireAdmin>
      <Suspense
        fallback={
          <Page>
            <Spinner label="Loading the broker area…" />
          </Page>
        }
      >
        <AdminArea />
      </Suspense>
    </RequireAdmin>
  );
}

export const routes: RouteObject[] = [
  { path: '/c/:campaignId?', element: <CampaignRedirect /> },
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'quote-start', element: <QuoteStartPage /> },
      {
        path: 'check-my-rate',
        element: (
          <QuoteGuard>
            <CheckMyRatePage />
          </QuoteGuard>
        ),
      },
      { path: 'loan-information', element: <LoanWizardPage /> },
      // Trailing slashes match too, so /rate-results/?qr=ID lands here as well.
      { path: 'rate-results', element: <ResultsPage /> },
      { path: 'rate-results/:requestId', element: <ResultsPage /> },
      { path: 'should-i-refinance', element: <RefiBuddyPage /> },
      { path: 'refi-buddy/confirm', element: <ConfirmPage /> },
      { path: 'refi-buddy/unsubscribe', element: <UnsubscribePage /> },
      { path: 'is-my-quote-good', element: <GradeLandingPage /> },
      { path: 'example-results', element: <ExamplePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'admin/*', element: <AdminRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
