import { Navigate, useLocation, type RouteObject } from 'react-router';
import { CampaignRedirect } from '@/features/campaign';
import { CheckMyRatePage, QuoteGuard } from '@/features/check-my-rate';
import { ExamplePage } from '@/features/example';
import { GradeLandingPage } from '@/features/grade-landing';
import { HomePage } from '@/features/home';
import { LoanWizardPage } from '@/features/loan-wizard';
import { QuoteStartPage } from '@/features/quote-start';
import { UnsubscribePage } from '@/features/refi-alerts';
import { RefiBuddyPage } from '@/features/refi-buddy';
import { ResultsPage } from '@/features/results';
import { RootLayout } from './layout/root-layout';
import { LoginPage } from './routes/login';
import { NotFoundPage } from './routes/not-found';

/** Admin comes in a later issue; until then every admin address asks for sign-in. */
function AdminPlaceholder() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
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
      { path: 'refi-buddy/unsubscribe', element: <UnsubscribePage /> },
      { path: 'is-my-quote-good', element: <GradeLandingPage /> },
      { path: 'example-results', element: <ExamplePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'admin/*', element: <AdminPlaceholder /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
