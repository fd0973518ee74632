export { LoanWizardPage } from './components/loan-wizard-page';
