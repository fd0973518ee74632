export { ConfirmPage } from './components/confirm-page';
export { UnsubscribePage } from './components/unsubscribe-page';
