import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Board } from '../src/features/game/components/Board.tsx';
import {
  DEFAULT_SETTINGS,
  readSettings,
  SETTINGS_KEY,
  updateSettings,
} from '../src/features/game/hooks/useBoardSettings.ts';
import { newGame } from './helpers.tsx';

afterEach(() => {
  act(() => updateSettings(DEFAULT_SETTINGS));
  localStorage.clear();
});

describe('board settings', () => {
  it('default to brown squares, Cburnett pieces, coordinates and sound', () => {
    localStorage.clear();
    expect(readSettings()).toEqual({ theme: 'brown', pieces: 'cburnett', coordinates: true, sound: true });
  });

  it('are remembered on the device', () => {
    updateSettings({ theme: 'green', pieces: 'merida' });
    updateSettings({ coordinates: false, sound: false });
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '')).toEqual({
      theme: 'green',
      pieces: 'merida',
      coordinates: false,
      sound: false,
    });
    expect(readSettings()).toEqual({ theme: 'green', pieces: 'merida', coordinates: false, sound: false });
  });

  it('keep a device muted that was muted before they existed', () => {
    localStorage.setItem('sbc:muted', '1');
    expect(readSettings()).toEqual({ ...DEFAULT_SETTINGS, sound: false });
    // Once the settings are stored, their sound switch decides.
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ sound: true }));
    expect(readSettings().sound).toBe(true);
  });

  it('ignore stored values that are not valid, keeping the valid ones', () => {
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(SETTINGS_KEY, '"blue"');
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ theme: 'purple', pieces: 'toString', coordinates: 'no', sound: false }),
    );
    expect(readSettings()).toEqual({ ...DEFAULT_SETTINGS, sound: false });
  });

  it('colour the board and show or hide its coordinates', () => {
    const state = newGame().state();
    render(<Board board={state.board} orientation="white" turn="white" moves={[]} />);
    const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
    const colours = () => grid.parentElement!.style;
    expect(colours().getPropertyValue('--square-light')).toBe('#f0d9b5');
    // a1 is dark, h1 light.
    expect(document.querySelector('[data-square="a1"]')?.className).toContain('bg-(--square-dark)');
    expect(document.querySelector('[data-square="h1"]')?.className).toContain('bg-(--square-light)');
    expect(grid.textContent).toBe('87654321abcdefgh');
    act(() => updateSettings({ theme: 'blue', coordinates: false }));
    expect(colours().getPropertyValue('--square-dark')).toBe('#8ca2ad');
    expect(grid.textContent).toBe('');
  });

  it('define the twelve Cburnett pieces and put no text on the page', () => {
    const state = newGame().state();
    render(<Board board={state.board} orientation="white" turn="white" moves={[]} />);
    const sprite = document.querySelector('svg[data-pieces="cburnett"]')!;
    const ids = [...sprite.children].map((symbol) => `${symbol.tagName}#${symbol.id}`);
    expect(ids).toEqual(['w', 'b'].flatMap((c) => [...'kqrbnp'].map((p) => `symbol#sbc-${c}${p}`)));
    expect(sprite.textContent?.trim()).toBe('');
  });
});
