import { useSyncExternalStore } from 'react';

/**
 * The board colours: light and dark squares, and the mark of the selected piece and its
 * destinations (green, but brown on the green board, where green would not stand out).
 */
export const THEMES = {
  brown: { label: 'Brown', light: '#f0d9b5', dark: '#b58863', mark: '#14551e' },
  blue: { label: 'Blue', light: '#dee3e6', dark: '#8ca2ad', mark: '#14551e' },
  green: { label: 'Green', light: '#eeeed2', dark: '#769656', mark: '#6b3d08' },
} as const;

/** The piece drawings: Cburnett's (bundled) and Merida (loaded when chosen; see PieceSprite). */
export const PIECE_SETS = { cburnett: 'Cburnett', merida: 'Merida' } as const;

export type ThemeName = keyof typeof THEMES;
export type PieceSetName = keyof typeof PIECE_SETS;

/** How this device shows the board (docs/architecture.md §6): remembered in localStorage. */
export interface BoardSettings {
  theme: ThemeName;
  pieces: PieceSetName;
  coordinates: boolean;
  sound: boolean;
}

export const DEFAULT_SETTINGS: BoardSettings = {
  theme: 'brown',
  pieces: 'cburnett',
  coordinates: true,
  sound: true,
};

export const SETTINGS_KEY = 'sbc:board';
/** The sound switch's own key before these settings ('1': muted); a device that muted stays muted. */
const MUTED_KEY = 'sbc:muted';

/** Each stored value that is still valid; a missing or unknown one keeps its default. */
function parse(text: string | null): BoardSettings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (value && typeof value === 'object') stored = value as Record<string, unknown>;
  } catch {
    // Not JSON: the defaults.
  }
  const pick = <T>(value: unknown, valid: (v: unknown) => boolean, fallback: T): T =>
    valid(value) ? (value as T) : fallback;
  const bool = (v: unknown) => typeof v === 'boolean';
  const d = DEFAULT_SETTINGS;
  return {
    theme: pick(stored.theme, (v) => typeof v === 'string' && Object.hasOwn(THEMES, v), d.theme),
    pieces: pick(stored.pieces, (v) => typeof v === 'string' && Object.hasOwn(PIECE_SETS, v), d.pieces),
    coordinates: pick(stored.coordinates, bool, d.coordinates),
    sound: pick(stored.sound, bool, d.sound),
  };
}

/** The settings stored on this device. */
export function readSettings(): BoardSettings {
  try {
    const stored = localStorage.getItem(SETTINGS_KEY);
    if (stored === null && localStorage.getItem(MUTED_KEY) === '1')
      return { ...DEFAULT_SETTINGS, sound: false };
    return parse(stored);
  } catch {
    return DEFAULT_SETTINGS; // no storage
  }
}

let settings = typeof window === 'undefined' ? DEFAULT_SETTINGS : readSettings();
const listeners = new Set<() => void>();

/** The settings now, outside React (the sounds). */
export const boardSettings = (): BoardSettings => settings;

export function updateSettings(change: Partial<BoardSettings>): void {
  settings = { ...settings, ...change };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The board settings, rendering again when they change. */
export function useBoardSettings(): BoardSettings {
  return useSyncExternalStore(subscribe, boardSettings, () => DEFAULT_SETTINGS);
}
