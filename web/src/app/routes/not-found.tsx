import { ButtonLink } from '@/components/button';
import { Page } from '@/components/page';
import { SiteTitle } from '@/lib/site';

export function NotFoundPage() {
  return (
    <Page width="narrow">
      <SiteTitle page="Page not found" />
      <div className="text-center">
        <p className="text-sm font-semibold tracking-wide text-blue-800 uppercase">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-4 text-lg text-slate-700">We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" size="lg">
            Go to the home page
          </ButtonLink>
          <ButtonLink to="/check-my-rate" variant="secondary" size="lg">
            Rate My Quote
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
