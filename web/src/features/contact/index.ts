export { ContactModal } from './components/contact-modal';
