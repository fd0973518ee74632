import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Page, PageTitle } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { isGone, isNotFound } from '@/lib/api-client';
import { analysisQuery, quoteRequestQuery } from '@/lib/queries';
import { isRefiBuddyRequest } from '@/lib/results-mode';
import { storage } from '@/lib/storage';
import { AnalysisResults } from './analysis-results';
import { DeleteMyRequest, RequestDeleted } from './delete-my-request';
import { InProgressView } from './in-progress-view';
import { RefiBuddyPlaceholder } from './refi-buddy-placeholder';
import { RefiBuddyResults } from './refi-buddy-results';
import { RequestNotFound } from './request-not-found';
import { SiteTitle } from '@/lib/site';

/** /rate-results?qr=ID, /rate-results/?qr=ID and /rate-results/:requestId. */
export function ResultsPage() {
  const { requestId } = useParams();
  const [searchParams] = useSearchParams();
  const id = requestId ?? searchParams.get('qr');
  if (!id) return <Navigate to="/check-my-rate" replace />;
  return <RequestResults key={id} requestId={id} />;
}

function RequestResults({ requestId }: { requestId: string }) {
  const [deleted, setDeleted] = useState(false);
  const request = useQuery({ ...quoteRequestQuery(requestId), enabled: !deleted });
  // A pending analysis is a normal state, not a 404: ask for it only once the
  // request says it is analysed (a server that does not say is asked anyway).
  const analysed = request.isSuccess && request.data.analyzed !== false;
  const analysis = useQuery({ ...analysisQuery(requestId), enabled: analysed });

  // The visitor's own request: remember it so /quote-start brings them back here.
  useEffect(() => {
    if (request.isSuccess) storage.requestId.set(requestId);
  }, [request.isSuccess, requestId]);

  if (deleted || (request.isError && isGone(request.error))) return <RequestDeleted />;
  if (request.isPending || (analysed && analysis.isPending)) {
    return (
      <Page>
        <SiteTitle page="Your Results" />
        <Spinner label="Loading your results…" />
      </Page>
    );
  }
  if (request.isError && isNotFound(request.error)) return <RequestNotFound requestId={requestId} />;
  if (request.isError || analysis.isError) {
    return (
      <LoadError
        onRetry={() => {
          void request.refetch();
          void analysis.refetch();
        }}
      />
    );
  }

  const title = <SiteTitle page="Your Results" />;
  // The example is everyone's: it has no delete button (the server refuses it too).
  const deleteSection = request.data.is_example ? null : <DeleteMyRequest requestId={requestId} onDeleted={() => setDeleted(true)} />;
  if (isRefiBuddyRequest(request.data)) {
    return (
      <>
        {title}
        {analysis.data ? (
          <RefiBuddyResults quoteRequest={request.data} analysis={analysis.data} />
        ) : (
          <RefiBuddyPlaceholder quoteRequest={request.data} />
        )}
        {deleteSection}
      </>
    );
  }
  return (
    <>
      {title}
      {analysis.data ? <AnalysisResults quoteRequest={request.data} analysis={analysis.data} /> : <InProgressView quoteRequest={request.data} />}
      {deleteSection}
    </>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Page width="narrow">
      <PageTitle intro="We couldn't load your results just now. Please check your connection and try again.">Something went wrong</PageTitle>
      <Button onClick={onRetry}>Try again</Button>
    </Page>
  );
}
