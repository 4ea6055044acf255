import type { GameStatistics } from '@sbc/api';
import { Card } from '../../../components/ui/card.tsx';
import { useStatistics } from '../api/games.ts';

/**
 * Won / (won + lost) against the computer; (white + black wins) / total of the two-player games
 * (docs/architecture.md §6).
 */
export const winRate = (s: GameStatistics['computerGames']): number | null =>
  s.won + s.lost === 0 ? null : s.won / (s.won + s.lost);
export const decidedShare = (s: GameStatistics['twoPlayerGames']): number | null =>
  s.total === 0 ? null : (s.whiteWon + s.blackWon) / s.total;

const percent = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </>
  );
}

export function StatisticsPanel() {
  const { data, isPending, isError } = useStatistics();
  if (isPending) return <p className="text-sm text-slate-500">Loading statistics...</p>;
  if (isError || !data)
    return <p className="text-sm text-slate-500">Statistics are not available right now.</p>;
  const c = data.computerGames;
  const m = data.twoPlayerGames;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card title="Player vs Computer">
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <Row label="Games" value={c.total} />
          <Row label="Won" value={c.won} />
          <Row label="Lost" value={c.lost} />
          <Row label="Drawn" value={c.drawn} />
          <Row label="Resigned" value={c.resigned} />
          <Row label="Abandoned" value={c.abandoned} />
          <Row label="Win rate" value={percent(winRate(c))} />
        </dl>
      </Card>
      <Card title="Multiplayer Games">
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <Row label="Games" value={m.total} />
          <Row label="White won" value={m.whiteWon} />
          <Row label="Black won" value={m.blackWon} />
          <Row label="Drawn" value={m.drawn} />
          <Row label="Resigned" value={m.resigned} />
          <Row label="Abandoned" value={m.abandoned} />
          <Row label="Decided" value={percent(decidedShare(m))} />
        </dl>
      </Card>
    </div>
  );
}
