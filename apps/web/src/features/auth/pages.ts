/** The auth feature's pages, loaded on demand. */
export { AuthPage } from './components/AuthPage.tsx';
