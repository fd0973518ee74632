export { UnsubscribePage } from './components/unsubscribe-page';
