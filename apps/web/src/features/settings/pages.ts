/** The settings feature's pages, loaded on demand. */
export { SettingsPage } from './components/SettingsPage.tsx';
