/** The home feature's pages, loaded on demand. */
export { HomePage } from './components/HomePage.tsx';
export { NewGameDialog } from './components/NewGameDialog.tsx';
