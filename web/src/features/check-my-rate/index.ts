export { CheckMyRatePage } from './components/check-my-rate-page';
export { QuoteGuard } from './components/quote-guard';
