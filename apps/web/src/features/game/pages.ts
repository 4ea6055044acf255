/** The game feature's pages, loaded on demand. */
export { GameScreen } from './components/GameScreen.tsx';
export { RulesDialog } from './components/RulesDialog.tsx';
