import type { PoolCount, PoolKey, Seek, Speed } from '@sbc/api';
import { formatTimeControl, PRESETS, speedOf, type TimeControl } from '@sbc/game';

export const SPEED_NAMES: Record<Speed, string> = {
  bullet: 'Bullet',
  blitz: 'Blitz',
  rapid: 'Rapid',
  classical: 'Classical',
  correspondence: 'Correspondence',
};

export interface Pool {
  key: PoolKey;
  timeControl: TimeControl;
  speed: Speed;
}

/** The quick-pairing pools, one a preset, in the presets' order (1+0 first, 30+20 last). */
export const POOLS: Pool[] = PRESETS.map((timeControl) => ({
  key: formatTimeControl(timeControl),
  timeControl,
  speed: speedOf(timeControl) ?? 'classical',
}));

/** A tile's counts: '3 waiting · 4 playing' (none known yet reads as none). */
export const countsText = (count: PoolCount | undefined): string =>
  `${count?.waiting ?? 0} waiting · ${count?.playing ?? 0} playing`;

/** The pool a seek of the player's waits in; null for a custom seek. */
export const poolOf = (seek: Seek): PoolKey | null =>
  seek.kind === 'pool' ? formatTimeControl(seek.timeControl) : null;
