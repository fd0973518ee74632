import { createElement, lazy, Suspense } from 'react';
import { type RouteObject } from 'react-router';
import { preloadParts } from '@/components/lazy-part';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { lazyPage, type LazyPage } from './lazy-page';
import { RootLayout } from './layout/root-layout';
import { RequireAdmin } from './require-admin';
import { NotFoundPage } from './routes/not-found';

// Each page's code loads with its route, so a page downloads only what it uses:
// the home page no form or schema library (decision 0015). The build's script
// budget (scripts/check-budget.mjs) reads each public page's module from
// route-table.json: keep the two in step.
const HomePage = lazyPage(() => import('@/features/home').then((m) => m.HomePage));
const QuoteStartPage = lazyPage(() => import('@/features/quote-start').then((m) => m.QuoteStartPage));
const CheckMyRatePage = lazyPage(() =>
  import('@/features/check-my-rate').then(async ({ QuoteGuard, CheckMyRatePage: Page }) => {
    // The page's form loads after its module (decision 0026): the guard waits for it too.
    await preloadParts(Page);
    return function GuardedCheckMyRate() {
      return (
        <QuoteGuard>
          <Page />
        </QuoteGuard>
      );
    };
  }),
);
const LoanWizardPage = lazyPage(() => import('@/features/loan-wizard').then((m) => m.LoanWizardPage));
const ResultsPage = lazyPage(() => import('@/features/results').then((m) => m.ResultsPage));
const RefiBuddyPage = lazyPage(() => import('@/features/refi-buddy').then((m) => m.RefiBuddyPage));
const ConfirmPage = lazyPage(() => import('@/features/refi-alerts').then((m) => m.ConfirmPage));
const UnsubscribePage = lazyPage(() => import('@/features/refi-alerts').then((m) => m.UnsubscribePage));
const ManagePage = lazyPage(() => import('@/features/refi-alerts').then((m) => m.ManagePage));
const GradeLandingPage = lazyPage(() => import('@/features/grade-landing').then((m) => m.GradeLandingPage));
const ExamplePage = lazyPage(() => import('@/features/example').then((m) => m.ExamplePage));
const PrivacyPage = lazyPage(() => import('@/features/legal').then((m) => m.PrivacyPage));
const LicensingPage = lazyPage(() => import('@/features/legal').then((m) => m.LicensingPage));
const TermsPage = lazyPage(() => import('@/features/legal').then((m) => m.TermsPage));
const LoginPage = lazyPage(() => import('./routes/login').then((m) => m.LoginPage));
const SecondFactorPage = lazyPage(() => import('./routes/second-factor').then((m) => m.SecondFactorPage));
const CampaignRedirect = lazyPage(() => import('@/features/campaign').then((m) => m.CampaignRedirect));

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

/** A route whose page loads on demand; handle.preload lets the browser and the build load it first. */
function pageRoute(route: { path: string } | { index: true }, page: LazyPage): RouteObject {
  return { ...route, element: createElement(page), handle: { preload: page.preload } };
}

export const routes: RouteObject[] = [
  pageRoute({ path: '/c/:campaignId?' }, CampaignRedirect),
  {
    path: '/',
    element: <RootLayout />,
    children: [
      pageRoute({ index: true }, HomePage),
      pageRoute({ path: 'quote-start' }, QuoteStartPage),
      pageRoute({ path: 'check-my-rate' }, CheckMyRatePage),
      pageRoute({ path: 'loan-information' }, LoanWizardPage),
      // Trailing slashes match too, so /rate-results/?qr=ID lands here as well.
      pageRoute({ path: 'rate-results' }, ResultsPage),
      pageRoute({ path: 'rate-results/:requestId' }, ResultsPage),
      pageRoute({ path: 'should-i-refinance' }, RefiBuddyPage),
      pageRoute({ path: 'privacy' }, PrivacyPage),
      pageRoute({ path: 'licensing' }, LicensingPage),
      pageRoute({ path: 'terms' }, TermsPage),
      pageRoute({ path: 'refi-buddy/confirm' }, ConfirmPage),
      pageRoute({ path: 'refi-buddy/unsubscribe' }, UnsubscribePage),
      pageRoute({ path: 'refi-buddy/manage' }, ManagePage),
      pageRoute({ path: 'is-my-quote-good' }, GradeLandingPage),
      pageRoute({ path: 'example-results' }, ExamplePage),
      pageRoute({ path: 'login' }, LoginPage),
      pageRoute({ path: 'second-factor' }, SecondFactorPage),
      { path: 'admin/*', element: <AdminRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
