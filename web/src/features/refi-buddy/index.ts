export { RefiBuddyPage } from './components/refi-buddy-page';
