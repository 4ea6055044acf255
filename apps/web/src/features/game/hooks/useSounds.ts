import { useCallback, useSyncExternalStore } from 'react';

/** game.md section 9: a quiet move plays at 0.3, a capture (and a box attack) at 0.5. */
export const MOVE_VOLUME = 0.3;
export const CAPTURE_VOLUME = 0.5;
const MUTE_KEY = 'sbc:muted';

export type SoundKind = 'move' | 'capture' | 'attack';

let context: AudioContext | null = null;
const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

let muted = typeof window === 'undefined' ? false : readMuted();

export function setMuted(value: boolean): void {
  muted = value;
  try {
    localStorage.setItem(MUTE_KEY, value ? '1' : '0');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const l of listeners) l();
}

/** One short synthesized note: a wooden click for a move, a thud for a capture, two notes for an attack. */
export function playSound(kind: SoundKind): void {
  if (muted || typeof window === 'undefined' || !('AudioContext' in window)) return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const volume = kind === 'move' ? MOVE_VOLUME : CAPTURE_VOLUME;
    const notes: [number, number, number][] =
      kind === 'move'
        ? [[520, 0, 0.07]]
        : kind === 'capture'
          ? [[220, 0, 0.12]]
          : [
              [330, 0, 0.1],
              [660, 0.11, 0.14],
            ];
    for (const [freq, start, length] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === 'move' ? 'triangle' : 'sine';
      osc.frequency.value = freq;
      const t = ctx.currentTime + start;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(volume, t + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
    }
  } catch {
    // No audio on this device.
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The remembered mute switch. */
export function useSoundSetting(): { muted: boolean; setMuted: (v: boolean) => void } {
  const value = useSyncExternalStore(subscribe, () => muted);
  return { muted: value, setMuted: useCallback((v: boolean) => setMuted(v), []) };
}
