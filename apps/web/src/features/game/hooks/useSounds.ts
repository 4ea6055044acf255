import type { GameState } from '@sbc/game';
import { boardSettings } from './useBoardSettings.ts';

/** A quiet move plays at 0.3, a capture (and a box attack) at 0.5 (docs/architecture.md §7). */
export const MOVE_VOLUME = 0.3;
export const CAPTURE_VOLUME = 0.5;

export type SoundKind = 'move' | 'capture' | 'attack' | 'lowtime';

/**
 * The notes of each sound: frequency (Hz), start and length (s); a wooden click, a thud, two notes,
 * and for a clock running low three short high beeps.
 */
const NOTES: Record<SoundKind, { wave: 'triangle' | 'sine'; notes: [number, number, number][] }> = {
  move: { wave: 'triangle', notes: [[520, 0, 0.07]] },
  capture: { wave: 'sine', notes: [[220, 0, 0.12]] },
  attack: {
    wave: 'sine',
    notes: [
      [330, 0, 0.1],
      [660, 0.11, 0.14],
    ],
  },
  lowtime: {
    wave: 'sine',
    notes: [
      [1320, 0, 0.06],
      [1320, 0.1, 0.06],
      [1320, 0.2, 0.06],
    ],
  },
};
const RATE = 22050;
const ATTACK = 0.005;
const FLOOR = 0.0001;

/** A sound as 16-bit WAV samples: each note rises exponentially in 5 ms, then dies away by its end. */
function render(kind: SoundKind): Int16Array {
  const { wave, notes } = NOTES[kind];
  const end = Math.max(...notes.map(([, start, length]) => start + length));
  const out = new Int16Array(Math.ceil(end * RATE));
  for (const [freq, start, length] of notes) {
    for (let i = Math.floor(start * RATE); i < Math.min(out.length, (start + length) * RATE); i++) {
      const t = i / RATE - start;
      const gain = t < ATTACK ? FLOOR ** (1 - t / ATTACK) : FLOOR ** ((t - ATTACK) / (length - ATTACK));
      const phase = (t * freq) % 1;
      const value = wave === 'sine' ? Math.sin(2 * Math.PI * phase) : 1 - 4 * Math.abs(phase - 0.5);
      out[i] += Math.round(value * gain * 32_000);
    }
  }
  return out;
}

/** Mono 16-bit PCM in a WAV file, as a data URI (the CSP allows data: media). */
function wavUri(samples: Int16Array): string {
  const view = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i], true);
  let binary = '';
  for (const byte of new Uint8Array(view.buffer)) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

const files = new Map<SoundKind, string>();

/**
 * Plays a sound through an <audio> element: its first AudioContext would cost the page 50 to 100 ms
 * of main thread at the player's move; an element plays off the main thread.
 */
export function playSound(kind: SoundKind): void {
  if (!boardSettings().sound || typeof Audio === 'undefined') return;
  try {
    let file = files.get(kind);
    if (!file) {
      file = wavUri(render(kind));
      files.set(kind, file);
    }
    const audio = new Audio(file);
    audio.volume = kind === 'move' ? MOVE_VOLUME : CAPTURE_VOLUME;
    void audio.play().catch(() => {}); // no audio device, or the browser wants a gesture first
  } catch {
    // No audio on this device.
  }
}

/** The sound of the last move of a state. */
export function playLastMove(state: GameState): void {
  const last = state.moveHistory[state.moveHistory.length - 1];
  if (!last) return;
  playSound(last.isSharedBoxAttacked ? 'attack' : last.capturedPiece ? 'capture' : 'move');
}
