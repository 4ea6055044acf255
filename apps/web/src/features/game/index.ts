/** The game feature's light public parts; its pages are in pages.ts (loaded on demand). */
export { Board, describeSquare } from './components/Board.tsx';
export { PieceSprite } from './components/PieceSprite.tsx';
