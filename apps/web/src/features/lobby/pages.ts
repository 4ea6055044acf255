/** The lobby feature's pages, loaded on demand. */
export { CurrentGamesPage } from './components/CurrentGamesPage.tsx';
