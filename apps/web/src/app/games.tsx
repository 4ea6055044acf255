import { CurrentGamesPage } from '../features/lobby/pages.ts';
import { renderThumb } from './thumbs.tsx';

/** Current games, with the game feature's boards for thumbnails. */
export function Games() {
  return <CurrentGamesPage renderBoard={renderThumb} />;
}
