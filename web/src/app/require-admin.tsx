import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { needsSecondFactor, onSignInEnded, sessionQuery, sessionQueryKey } from '@/lib/auth';

/**
 * Spec section 4: a spinner while the sign-in loads, /login (with the page
 * asked for) when signed out, / for a signed-in non-admin. The server guards
 * every admin call as well; this only keeps the screens away.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQuery());
  const location = useLocation();
  const queryClient = useQueryClient();

  // A session that ends while the broker works (signed out elsewhere, expired) sends them to /login.
  useEffect(() => onSignInEnded(() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })), [queryClient]);

  if (session.isPending) {
    return (
      <Page>
        <Spinner label="Checking your sign-in…" />
      </Page>
    );
  }
  // Signed in with Google but not past the second factor yet (decision 0039).
  if (session.isError && needsSecondFactor(session.error)) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/second-factor?return_to=${encodeURIComponent(back)}`} replace />;
  }
  if (session.isError || !session.data) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!session.data.isAdmin) return <Navigate to="/" replace />;
  return children;
}
