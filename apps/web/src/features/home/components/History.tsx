import { type GameMode, type GameSummary, pageCursor } from '@sbc/api';
import { capitalize, type GameState, isLive, replay } from '@sbc/game';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { GameStatusBadge } from '../../../components/Badge.tsx';
import { Pager, pageQuery } from '../../../components/Pager.tsx';
import { RatingDiff } from '../../../components/PlayerName.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { timeControlLabel } from '../../../lib/clock.ts';
import { cn } from '../../../lib/cn.ts';
import type { QueryParams } from '../../../lib/http.ts';
import { moveKeyTarget } from '../../../lib/move-keys.ts';
import { OUTCOME_CLASS, outcome, ratingChange } from '../../../lib/outcome.ts';
import { downloadable, downloadPgn } from '../../../lib/pgn-download.ts';
import { plural } from '../../../lib/plural.ts';
import { useSession } from '../../auth/index.ts';
import { AnalysedBoard, useReview } from '../../game/index.ts';
import { useGame, useGames, useMoves } from '../api/games.ts';

/** The filters, each the games of one mode (the server filters, so that pages stay full). */
const FILTERS: { label: string; mode?: GameMode }[] = [
  { label: 'All' },
  { label: 'Room', mode: 'online' },
  { label: 'AI', mode: 'computer' },
  { label: 'Local', mode: 'local' },
];

/** A finished game's result as the player sees it, and a rated game's change to their rating. */
function Result({ game }: { game: GameSummary }) {
  const { user } = useSession();
  const result = outcome(game, user?.id);
  const change = ratingChange(game, user?.id);
  return (
    <>
      {result && (
        <span className={cn('text-sm font-medium', OUTCOME_CLASS[result.result])}>{result.text}</span>
      )}
      {change !== null && <RatingDiff diff={change} />}
    </>
  );
}

/** 'Rated' on a rated game's card. */
const RatedTag = ({ game }: { game: GameSummary }) =>
  game.rated && (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Rated</span>
  );

function describe(game: GameSummary): string {
  if (game.roomId)
    return `${game.whitePlayer?.username ?? 'White'} vs ${game.blackPlayer?.username ?? 'Black'}`;
  if (game.gameState.isComputerGame)
    return `vs Computer (${capitalize(game.gameState.aiDifficulty)}), you play ${game.gameState.humanPlayer}`;
  return 'Local game, two players';
}

/** The Game History tab: filters, a page of game cards and the pages; a card opens its details. */
export function GameHistory({ renderBoard }: { renderBoard: (state: GameState) => ReactNode }) {
  const [mode, setMode] = useState<GameMode | undefined>();
  const [at, setAt] = useState<QueryParams>({ page: 1 });
  const [open, setOpen] = useState<GameSummary | null>(null);
  const { data, isPending, isError } = useGames({ ...at, mode });
  const games = data?.items ?? [];
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            size="sm"
            variant={mode === f.mode ? 'secondary' : 'outline'}
            aria-pressed={mode === f.mode}
            onClick={() => {
              setMode(f.mode);
              setAt({ page: 1 });
            }}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>
      {isPending && <p className="text-sm text-slate-500">Loading games...</p>}
      {isError && <p className="text-sm text-red-600">Your games could not be loaded.</p>}
      {!isPending && !isError && games.length === 0 && (
        <p className="text-sm text-slate-500">No games yet.</p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {games.map((g) => (
          <li key={g.id}>
            <button
              type="button"
              onClick={() => setOpen(g)}
              className="w-full rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <span className="flex flex-wrap items-center gap-2">
                <GameStatusBadge status={g.status} />
                <RatedTag game={g} />
                {isLive(g.status) && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {capitalize(g.currentTurn)} to move
                  </span>
                )}
                <Result game={g} />
              </span>
              <span className="mt-2 block font-medium text-slate-900">{describe(g)}</span>
              {g.timeControl.kind !== 'untimed' && (
                <span className="mt-1 block text-sm text-slate-700">{timeControlLabel(g.timeControl)}</span>
              )}
              <span className="mt-1 block text-sm text-slate-500">
                {plural(g.moveCount, 'move')} · {new Date(g.createdAt).toLocaleDateString()} · #
                {g.id.slice(0, 8)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {data && (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          total={data.total}
          onPage={(page) => setAt(pageQuery(data, page, pageCursor))}
        />
      )}
      {open && <GameDetails game={open} onClose={() => setOpen(null)} renderBoard={renderBoard} />}
    </div>
  );
}

/** The analysis names the sides by colour. */
const PLAYERS = { white: 'White', black: 'Black' };

function GameDetails({
  game,
  onClose,
  renderBoard,
}: {
  game: GameSummary;
  onClose: () => void;
  renderBoard: (state: GameState) => ReactNode;
}) {
  const moves = useMoves(game.id);
  const full = useGame(game.id);
  const positions = useMemo(() => (full.data ? replay(full.data.gameState) : []), [full.data]);
  const [ply, setPly] = useState<number | null>(null);
  const at = ply ?? positions.length - 1;
  const review = useReview(full.data?.gameState, PLAYERS, { ply: at, show: setPly });
  const board = positions[at] && renderBoard(positions[at]);
  // ← → Home End step through the moves, as on the game screen; the dialog holds the focus.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const to = positions.length > 0 ? moveKeyTarget(e, at, positions.length - 1) : null;
      if (to === null || e.defaultPrevented) return;
      e.preventDefault();
      setPly(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [at, positions.length]);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Game Details"
      description={describe(game)}
      size="lg"
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_220px]">
        <div className="space-y-2">
          {board ? (
            <AnalysedBoard review={review} orientation="white">
              {board}
            </AnalysedBoard>
          ) : (
            <p className="text-sm text-slate-500">Loading board...</p>
          )}
          <div className="flex items-center justify-center gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label="First move"
              disabled={at <= 0}
              onClick={() => setPly(0)}
            >
              «
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label="Previous move"
              disabled={at <= 0}
              onClick={() => setPly(at - 1)}
            >
              ‹
            </Button>
            <span className="min-w-16 text-center text-sm text-slate-600" aria-live="polite">
              {at} / {Math.max(0, positions.length - 1)}
            </span>
            <Button
              size="sm"
              variant="outline"
              aria-label="Next move"
              disabled={at >= positions.length - 1}
              onClick={() => setPly(at + 1)}
            >
              ›
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label="Last move"
              disabled={at >= positions.length - 1}
              onClick={() => setPly(positions.length - 1)}
            >
              »
            </Button>
          </div>
          {review?.panel}
        </div>
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <GameStatusBadge status={game.status} />
            <RatedTag game={game} />
            <Result game={game} />
            <span className="text-sm text-slate-600">{plural(game.moveCount, 'move')}</span>
          </div>
          <h3 className="text-sm font-semibold">Moves</h3>
          {moves.isPending ? (
            <p className="text-sm text-slate-500">Loading moves...</p>
          ) : (moves.data ?? []).length === 0 ? (
            <p className="text-sm text-slate-500">No moves yet.</p>
          ) : (
            <ol className="max-h-64 overflow-y-auto font-mono text-sm">
              {(moves.data ?? []).map((m, i) => (
                <li key={m.moveNumber}>
                  <button
                    type="button"
                    aria-current={at === i + 1 ? 'step' : undefined}
                    className={cn(
                      'w-full rounded px-1 text-left hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-500',
                      at === i + 1 && 'bg-amber-100',
                    )}
                    onClick={() => setPly(i + 1)}
                  >
                    {m.player === 'white' ? `${Math.ceil(m.moveNumber / 2)}.` : '…'}{' '}
                    {review?.history[i]?.notation ?? m.notation}
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div className="flex flex-wrap gap-2">
            <Link to={`/game/${game.id}`} className={buttonClass('primary', 'sm')}>
              Open game
            </Link>
            {downloadable(full.data) && (
              <Button size="sm" variant="outline" onClick={() => full.data && downloadPgn(full.data)}>
                Download PGN
              </Button>
            )}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
