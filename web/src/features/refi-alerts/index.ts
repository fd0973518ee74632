export { ConfirmPage } from './components/confirm-page';
export { ManagePage } from './components/manage-page';
export { UnsubscribePage } from './components/unsubscribe-page';
