export { GradeLandingPage } from './components/grade-landing-page';
