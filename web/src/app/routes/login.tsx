import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { authConfigQuery, forgetSignIn, sessionQueryKey, signInAsLocalAdmin } from '@/lib/auth';
import { SiteTitle } from '@/lib/site';
import { TitledSection } from '@/components/titled-section';

/** Where to go after signing in: the guarded page that sent the broker here, or /. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('//')) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const from = returnPath(location.state);
  const config = useQuery(authConfigQuery());

  // Spec section 2: a failed sign-in is only logged.
  const failed = searchParams.get('error');
  useEffect(() => {
    if (failed) console.warn('Sign-in failed', failed);
  }, [failed]);

  const localAdmin = useMutation({
    mutationFn: signInAsLocalAdmin,
    onSuccess: () => {
      // The guard of the page asked for loads the new session afresh.
      forgetSignIn();
      queryClient.removeQueries({ queryKey: sessionQueryKey });
      navigate(from, { replace: true });
    },
    onError: (error) => console.error('Local admin sign-in failed', error),
  });

  return (
    <Page width="narrow">
      <SiteTitle page="Sign in" />
      <Card as="div" padding={8} shadow="sm" className="mx-auto max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900">Sign in to your account</h1>
        {failed === 'domain' && (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-left font-semibold text-red-900">
            Only Google accounts of {config.data?.hosted_domain ?? "the brokerage's domain"} can sign in here. Sign in with your brokerage
            account.
          </p>
        )}
        {config.isPending && <Spinner label="Loading sign-in options…" />}
        {config.data?.google && (
          <a
            href={`/api/auth/login?return_to=${encodeURIComponent(from)}`}
            className="mt-6 inline-flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <GoogleIcon />
            Sign in with Google
          </a>
        )}
        {config.data?.local_admin && (
          <TitledSection
            id="dev-mode-title"
            title={
              <>
                <Wrench aria-hidden="true" className="size-5" />
                Development mode
              </>
            }
            className="mt-6 rounded-xl border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-left"
            headingClassName="flex items-center gap-2 font-bold text-amber-900"
          >
            <p className="mt-1 text-sm text-slate-800">
              No Google sign-in is configured and this server only listens on this computer, so you can sign in as a local admin.
              Servers reachable from other machines refuse this.
            </p>
            <Button className="mt-3 w-full" onClick={() => localAdmin.mutate()} disabled={localAdmin.isPending}>
              Sign in as local admin
            </Button>
          </TitledSection>
        )}
        {(config.isError || (config.data && !config.data.google && !config.data.local_admin)) && (
          <p className="mt-6 text-slate-700">Sign-in is not available on this server.</p>
        )}
        <p className="mt-6 text-sm text-slate-700">For brokers only. Visitors never need an account: every tool works without signing in.</p>
      </Card>
    </Page>
  );
}

function GoogleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.4V7H2.1a11 11 0 0 0 0 10z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
