/** The landing page and its example position's figure (the app adds the boards and the lobby). */
export { ExamplePosition, LandingPage } from './components/LandingPage.tsx';
