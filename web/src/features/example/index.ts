export { ExamplePage } from './components/example-page';
