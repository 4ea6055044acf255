/** The landing page (the app adds its preview board). */
export { LandingPage } from './components/LandingPage.tsx';
