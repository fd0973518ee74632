import { answer, api, type Schema } from '@/lib/api-client';

/** Records a campaign link's visit (spec section 7); the visitor never waits for it. */
export const trackCampaign = (visit: Schema<'CampaignVisit'>) => answer(api.POST('/analytics/track-campaign', { body: visit }));
