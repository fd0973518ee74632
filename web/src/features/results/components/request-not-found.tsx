import { useEffect } from 'react';
import { ButtonLink } from '@/components/button';
import { Page, PageTitle } from '@/components/page';
import { storage } from '@/lib/storage';

/** A stale or mistyped link: forget the saved id so the visitor can start afresh. */
export function RequestNotFound({ requestId }: { requestId: string }) {
  useEffect(() => {
    if (storage.requestId.get() === requestId) storage.requestId.clear();
  }, [requestId]);

  return (
    <Page width="narrow">
      <PageTitle intro="We couldn't find that quote request. The link may be incomplete, or the request may have been removed.">
        Quote request not found
      </PageTitle>
      <ButtonLink to="/check-my-rate" size="lg">
        Start a new quote analysis
      </ButtonLink>
    </Page>
  );
}
