import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { trackCampaign } from './api/track-campaign';
import { campaignDestination } from './campaigns';

/** /c/:campaignId: record the visit in the background and move on, replacing history. */
export function CampaignRedirect() {
  const { campaignId = '' } = useParams();
  const destination = campaignDestination(campaignId);
  const tracked = useRef(false);

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice); a link without an id has nothing to attribute.
    if (tracked.current || !campaignId) return;
    tracked.current = true;
    trackCampaign({ campaignId: campaignId.slice(0, 64), resolved_to: destination }).catch((error: unknown) =>
      console.error('Failed to track campaign visit', error),
    );
  }, [campaignId, destination]);

  return <Navigate to={destination} replace />;
}
