import { type GameSummary, pageCursor } from '@sbc/api';
import { capitalize } from '@sbc/game';
import { GameStatusBadge } from '../../../components/Badge.tsx';
import { date, shortId } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';

/** Who plays: a player against the computer, two online, or two at one screen. */
function players(g: GameSummary): string {
  const white = g.whitePlayer?.username ?? 'White';
  const black = g.blackPlayer?.username ?? 'Black';
  if (g.mode === 'online') return `${white} vs ${black}`;
  if (g.mode === 'local') return `${g.whitePlayer?.username ?? 'Player'} (two at one screen)`;
  const computer = `Computer (${capitalize(g.gameState.aiDifficulty)})`;
  return g.gameState.humanPlayer === 'white' ? `${white} vs ${computer}` : `${computer} vs ${black}`;
}

/** Games: every game of every user, newest first. */
export function GamesTab() {
  return (
    <PagedList<GameSummary>
      name="games"
      label="Games"
      rowKey={(g) => g.id}
      cursor={pageCursor}
      empty="No games yet."
      columns={[
        { header: 'ID', cell: (g) => <code className="text-xs">{shortId(g.id)}</code> },
        { header: 'Players', cell: players },
        { header: 'Status', cell: (g) => <GameStatusBadge status={g.status} /> },
        { header: 'Moves', cell: (g) => g.moveCount },
        { header: 'Created', cell: (g) => date(g.createdAt) },
      ]}
    />
  );
}
