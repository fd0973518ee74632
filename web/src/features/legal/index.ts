export { LicensingPage } from './components/licensing-page';
export { PrivacyPage } from './components/privacy-page';
export { TermsPage } from './components/terms-page';
