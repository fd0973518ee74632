// Spec section 9: the campaign map. Unknown or missing ids go home too.
const CAMPAIGN_DESTINATIONS: Record<string, string> = {
  qr1: '/',
  qr2: '/',
};

export function campaignDestination(campaignId: string | undefined): string {
  if (!campaignId || !Object.hasOwn(CAMPAIGN_DESTINATIONS, campaignId)) return '/';
  return CAMPAIGN_DESTINATIONS[campaignId];
}
