import { type GameSummary, pageCursor } from '@sbc/api';
import { capitalize, formatTimeControl, GAME_STATUSES } from '@sbc/game';
import { useState } from 'react';
import { Link } from 'react-router';
import { GameStatusBadge, statusLabel } from '../../../components/Badge.tsx';
import { useSearch } from '../hooks/useSearch.ts';
import { date, FIELD, shortId } from '../lib/format.ts';
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

const gameHref = (g: GameSummary) => `/game/${g.id}`;

/**
 * Games: every game of every user, newest first; a search by id or player and a status, both
 * answered by the server. A row opens its game, read-only, at /game/{id}.
 */
export function GamesTab() {
  const { typed, setTyped, q } = useSearch();
  const [status, setStatus] = useState('');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-label="Search games"
          placeholder="Search by game id or player"
          className={`${FIELD} w-full max-w-md`}
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className={`${FIELD} bg-white`}
        >
          <option value="">Any status</option>
          {GAME_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <PagedList<GameSummary>
        // A new search starts again at its first page.
        key={`${q}|${status}`}
        name="games"
        params={{ q, status }}
        label="Games"
        rowKey={(g) => g.id}
        rowHref={gameHref}
        cursor={pageCursor}
        empty={q || status ? 'No games match this search.' : 'No games yet.'}
        columns={[
          {
            header: 'ID',
            cell: (g) => (
              <Link
                to={gameHref(g)}
                aria-label={`Open game ${shortId(g.id)}`}
                className="font-mono text-xs text-amber-800 underline underline-offset-2"
              >
                {shortId(g.id)}
              </Link>
            ),
          },
          { header: 'Players', cell: players },
          { header: 'Time control', cell: (g) => formatTimeControl(g.timeControl) },
          { header: 'Status', cell: (g) => <GameStatusBadge status={g.status} /> },
          { header: 'Moves', cell: (g) => g.moveCount },
          { header: 'Created', cell: (g) => date(g.createdAt) },
        ]}
      />
    </div>
  );
}
