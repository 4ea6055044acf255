/** The admin feature's page, loaded on demand. */
export { AdminPage } from './components/AdminPage.tsx';
