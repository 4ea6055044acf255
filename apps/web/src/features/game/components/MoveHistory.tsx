import { type MoveHistoryEntry, sacrificeNote } from '@sbc/game';
import { memo, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

/** One move of the list: its entry and its ply (1 for the game's first move). */
export interface MoveCell {
  ply: number;
  entry: MoveHistoryEntry;
}

/** A full move: White's and Black's moves, null for a missing one ('...'). */
export interface MoveRow {
  n: number;
  white: MoveCell | null;
  black: MoveCell | null;
}

/** Move pairs by full move; a game starting with Black has '...' for White's first move. */
export function moveRows(history: readonly MoveHistoryEntry[]): MoveRow[] {
  const rows: MoveRow[] = [];
  history.forEach((entry, i) => {
    const cell = { ply: i + 1, entry };
    const last = rows[rows.length - 1];
    if (entry.player === 'white') rows.push({ n: rows.length + 1, white: cell, black: null });
    else if (last?.white && !last.black) last.black = cell;
    else rows.push({ n: rows.length + 1, white: null, black: cell });
  });
  return rows;
}

/**
 * Scrolls the list (never the page) so that the shown move is in view, or its start at the start:
 * down the table, or along the one-line strip it is on a phone.
 */
function useScrollToCurrent(shownPly: number, moves: number) {
  const listRef = useRef<HTMLDivElement>(null);
  // The list follows the board a render later (GameScreen defers it): it scrolls when either changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shown move or the list changes.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const current = list.querySelector('[aria-current="step"]');
    // The start position (no move shown): the start of the list.
    if (!current) {
      list.scrollTop = 0;
      list.scrollLeft = 0;
      return;
    }
    const outer = list.getBoundingClientRect();
    const inner = current.getBoundingClientRect();
    if (inner.top < outer.top) list.scrollTop -= outer.top - inner.top;
    else if (inner.bottom > outer.bottom) list.scrollTop += inner.bottom - outer.bottom;
    if (inner.left < outer.left) list.scrollLeft -= outer.left - inner.left;
    else if (inner.right > outer.right) list.scrollLeft += inner.right - outer.right;
  }, [shownPly, moves]);
  return listRef;
}

interface RowProps {
  row: MoveRow;
  /** The ply whose position the board shows, when it is one of this row's; else null. */
  shownPly: number | null;
  onShow: (ply: number) => void;
}

const sameCell = (a: MoveCell | null, b: MoveCell | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.ply === b.ply &&
    a.entry.notation === b.entry.notation &&
    sacrificeNote(a.entry) === sacrificeNote(b.entry));

/**
 * One full move of the list. Each state brings new entries, but a move changes the last row alone
 * (or adds one): the others do not render again, however long the game.
 */
const MoveRowView = memo(
  function MoveRowView({ row, shownPly, onShow }: RowProps) {
    return (
      // A grid, not a table row (see MoveHistory); striped by its number, not :nth-child, so that a
      // row appended restyles no other.
      <tr
        className={cn(
          'grid grid-cols-[2.5rem_1fr_1fr] [contain-intrinsic-size:auto_1.5rem] [content-visibility:auto] max-lg:contents',
          row.n % 2 === 1 && 'bg-slate-50',
        )}
      >
        <td className="px-2 py-0.5 text-slate-500 max-lg:w-auto max-lg:pr-0.5 max-lg:pl-1.5">{row.n}.</td>
        <MoveButton cell={row.white} shownPly={shownPly} onShow={onShow} />
        <MoveButton cell={row.black} shownPly={shownPly} onShow={onShow} />
      </tr>
    );
  },
  (a, b) =>
    a.shownPly === b.shownPly &&
    a.onShow === b.onShow &&
    a.row.n === b.row.n &&
    sameCell(a.row.white, b.row.white) &&
    sameCell(a.row.black, b.row.black),
);

function MoveButton({
  cell,
  shownPly,
  onShow,
}: {
  cell: MoveCell | null;
  shownPly: number | null;
  onShow: (ply: number) => void;
}) {
  if (!cell) return <td className="px-1 py-0.5 font-mono text-slate-400 max-lg:px-0.5">...</td>;
  const current = cell.ply === shownPly;
  const note = sacrificeNote(cell.entry);
  return (
    <td className="px-1 py-0.5 max-lg:px-0">
      <button
        type="button"
        aria-current={current ? 'step' : undefined}
        onClick={() => onShow(cell.ply)}
        className={cn(
          'w-full rounded px-1 text-left font-mono hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-500 max-lg:py-1 max-lg:whitespace-nowrap',
          current && 'bg-amber-200 font-semibold text-slate-900 hover:bg-amber-200',
        )}
      >
        {cell.entry.notation}
        {note && (
          <>
            {' '}
            <span className="font-sans text-xs font-normal text-slate-500">{note}</span>
          </>
        )}
      </button>
    </td>
  );
}

/**
 * The Move History panel: a move shows its position on a click; the shown move is highlighted
 * (aria-current) and kept in view. The buttons below step through the game like ← → Home End.
 * Below the wide layout's breakpoint (lg) it is a one-line strip by the board, scrolled sideways,
 * as on lichess's phone layout: the table's rows run on as one line, with ‹ › beside it.
 */
export const MoveHistory = memo(function MoveHistory({
  history,
  shownPly,
  onShow,
}: {
  history: readonly MoveHistoryEntry[];
  /** The ply whose position the board shows: history.length while live. */
  shownPly: number;
  onShow: (ply: number) => void;
}) {
  const rows = moveRows(history);
  const listRef = useScrollToCurrent(shownPly, history.length);
  const last = history.length;
  const steps = [
    { label: 'First move', text: '«', to: 0, off: shownPly <= 0, wide: true },
    { label: 'Previous move', text: '‹', to: shownPly - 1, off: shownPly <= 0, wide: false },
    { label: 'Next move', text: '›', to: shownPly + 1, off: shownPly >= last, wide: false },
    { label: 'Last move', text: '»', to: last, off: shownPly >= last, wide: true },
  ];
  return (
    <Card
      title="Move History"
      className="max-lg:flex max-lg:items-center max-lg:gap-2 max-lg:p-2 max-lg:[&>h2]:sr-only"
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500 max-lg:flex-1 max-lg:px-1 max-lg:py-1">
          Game starting - make your first move!
        </p>
      ) : (
        <div
          ref={listRef}
          data-testid="move-list"
          className="max-h-56 overflow-y-auto max-lg:min-w-0 max-lg:flex-1 max-lg:overflow-x-auto max-lg:overflow-y-hidden max-lg:[scrollbar-width:none]"
        >
          {/* Blocks and grid rows, not a table's boxes, whose column widths come from every row: a
              row appended is laid out alone, and the rows out of view not at all (content-visibility). */}
          <table className="block text-sm">
            <thead className="sr-only">
              <tr>
                <th>Move</th>
                <th>White</th>
                <th>Black</th>
              </tr>
            </thead>
            <tbody className="block max-lg:flex max-lg:w-max max-lg:items-center">
              {rows.map((r) => (
                <MoveRowView
                  key={r.n}
                  row={r}
                  shownPly={r.white?.ply === shownPly || r.black?.ply === shownPly ? shownPly : null}
                  onShow={onShow}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 && (
        <div className="mt-2 flex justify-center gap-1 max-lg:mt-0 max-lg:shrink-0">
          {steps.map((s) => (
            <Button
              key={s.label}
              size="sm"
              variant="outline"
              aria-label={s.label}
              title={s.label}
              disabled={s.off}
              onClick={() => onShow(s.to)}
              className={s.wide ? 'max-lg:hidden' : undefined}
            >
              {s.text}
            </Button>
          ))}
        </div>
      )}
      <p className="mt-2 text-xs text-slate-500 max-lg:hidden">+SB = Shared Box created</p>
    </Card>
  );
});

/**
 * Under the board while it shows an earlier position: which move, that the board is read-only, and
 * the way back, which stands out once a move arrives meanwhile.
 */
export function ShownPositionBar({
  shownPly,
  plies,
  arrived,
  onBack,
}: {
  shownPly: number;
  plies: number;
  arrived: number;
  onBack: () => void;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm',
        arrived > 0 ? 'bg-amber-100 text-amber-950' : 'bg-slate-200 text-slate-800',
      )}
    >
      <span>
        {shownPly === 0 ? 'Start position' : `Move ${shownPly} of ${plies}`} · the board is read-only
        {arrived > 0 && (
          <strong className="ml-1 font-semibold">
            · {arrived === 1 ? 'a new move' : `${arrived} new moves`} played
          </strong>
        )}
      </span>
      <Button size="sm" variant={arrived > 0 ? 'primary' : 'secondary'} onClick={onBack}>
        Back to live position
      </Button>
    </div>
  );
}
