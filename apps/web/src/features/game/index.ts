/** The game feature's light public parts; its pages are in pages.ts (loaded on demand). */

export { AnalysedBoard, type Review, type ShownPly, useReview } from './analysis/review.tsx';
export { createGame, prefetchGame, usePrefetchGame } from './api/games.ts';
export { Board, describeSquare } from './components/Board.tsx';
export { PieceChoiceDialog, PROMOTIONS } from './components/PieceChoiceDialog.tsx';
export { type BoardMove, boardMoves } from './lib/model.ts';
