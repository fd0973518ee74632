export { CampaignRedirect } from './campaign-redirect';
