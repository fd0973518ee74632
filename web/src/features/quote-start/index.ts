export { QuoteStartPage } from './components/quote-start-page';
