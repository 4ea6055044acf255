import type { ClockState, GameResponse } from '@sbc/api';
import type { TimeControl } from '@sbc/game';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeControlPicker } from '../src/components/TimeControlPicker.tsx';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import { OpponentLeft } from '../src/features/game/components/online/OnlinePanel.tsx';
import { PlayersPanel } from '../src/features/game/components/Panels.tsx';
import { arrived } from '../src/lib/clock.ts';
import { clickSquare, GAME_ID, gameResponse, gameShown, newGame, renderApp } from './helpers.tsx';

/** performance.now(), standing still but when the tests move it on: the clocks count from it. */
let now = 0;
beforeEach(() => {
  now = 1_000_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => vi.restoreAllMocks());
const pass = (ms: number) =>
  act(() => {
    now += ms;
  });

const BULLET: TimeControl = { kind: 'clock', minutes: 1, increment: 0 };
const running = (white: number, black: number, side: 'white' | 'black' | null = 'white'): ClockState => ({
  white,
  black,
  running: side,
  deadline: null,
  aborts: false,
  plies: [],
});
const clockOf = (side: 'white' | 'black') =>
  screen.getByRole('timer', { name: new RegExp(`^${side}'s clock`, 'i') });

describe("A timed game's clocks (docs/architecture.md §7, Clocks)", () => {
  const state = { ...gameResponse(newGame()).gameState, currentPlayer: 'white' as const };
  const names = { white: 'ada', black: 'bob' };

  it('shows both clocks, counts down the running one, in tenths under 10 s, red and sounding once when low', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const clock = arrived(running(12_000, 60_000), performance.now());
    const timing = { gameId: 'g1', tc: BULLET, clock, sounds: ['white'] as const };
    render(<PlayersPanel names={names} state={state} remaining={null} timing={timing} />);
    expect(clockOf('white').textContent).toBe('0:12');
    expect(clockOf('white').dataset.running).toBe('true');
    expect(clockOf('black').textContent).toBe('1:00');
    expect(clockOf('black').dataset.running).toBe('false');
    expect(screen.getByText('1+0 • Bullet')).toBeTruthy();
    expect(screen.queryByText(/Game will be abandoned/)).toBeNull();
    await pass(1500);
    await waitFor(() => expect(clockOf('white').textContent).toBe('0:10'));
    expect(clockOf('white').dataset.low).toBe('false');
    expect(play).not.toHaveBeenCalled();
    await pass(600);
    await waitFor(() => expect(clockOf('white').textContent).toBe('0:09.9'));
    expect(clockOf('white').dataset.low).toBe('true');
    expect(clockOf('white').className).toContain('bg-red-600');
    // The sound plays from an effect, which may run after the paint (late on a loaded machine).
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await pass(5000);
    await waitFor(() => expect(clockOf('white').textContent).toBe('0:04.9'));
    expect(play).toHaveBeenCalledTimes(1);
    expect(clockOf('black').textContent).toBe('1:00');
  });

  it("counts lichess's first-move window down before a side's first move", async () => {
    const clock = arrived(
      { ...running(60_000, 60_000, null), deadline: Date.now() + 20_000, aborts: true },
      0,
    );
    render(
      <PlayersPanel
        names={names}
        state={state}
        remaining={null}
        timing={{ gameId: 'g1', tc: BULLET, clock, sounds: [] }}
      />,
    );
    expect(screen.getByText('20 seconds to play the first move')).toBeTruthy();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    expect(await screen.findByText('19 seconds to play the first move')).toBeTruthy();
  });

  it("stops the mover's clock at the move and starts the opponent's, then takes the server's with the increment", async () => {
    const user = userEvent.setup();
    const game = newGame();
    for (const t of ['e2e4', 'e7e5']) game.playText(t);
    const tc: TimeControl = { kind: 'clock', minutes: 1, increment: 1 };
    const timed = (clock: ClockState): GameResponse => {
      const g = gameResponse(game, { timeControl: tc });
      return { ...g, gameState: { ...g.gameState, inactivityDeadline: null, clock } };
    };
    let answer: (() => void) | undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url === '/api/user') return reply({ id: 'u1', username: 'ada' });
      if (url === `/api/games/${GAME_ID}` && !init?.method) return reply(timed(running(60_000, 60_000)));
      if (url.endsWith('/moves')) {
        game.playText('g1f3');
        // The server stores the move 5 s after the clocks arrived, and answers 3 s later: 55 s and
        // the increment, the opponent's clock 3 s down.
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return reply({ ...timed(running(56_000, 57_000, 'black')), message: null });
      }
      return reply([]);
    });
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    expect(clockOf('white').textContent).toBe('1:00');
    await pass(5000);
    await waitFor(() => expect(clockOf('white').textContent).toBe('0:55'));
    await clickSquare(user, 'g1');
    await clickSquare(user, 'f3');
    await waitFor(() => expect(answer).toBeDefined());
    expect(clockOf('white').dataset.running).toBe('false');
    expect(clockOf('black').dataset.running).toBe('true');
    await pass(3000);
    await waitFor(() => expect(clockOf('black').textContent).toBe('0:57'));
    expect(clockOf('white').textContent).toBe('0:55');
    answer?.();
    await waitFor(() => expect(clockOf('white').textContent).toBe('0:56'));
    expect(clockOf('black').textContent).toBe('0:57');
    expect(clockOf('black').dataset.running).toBe('true');
  });
});

describe('A flag in a game without a socket', () => {
  it('asks the server for the game when the clock runs out, and shows the loss on time', async () => {
    const game = newGame();
    for (const t of ['e2e4', 'e7e5']) game.playText(t);
    const timed = (clock: ClockState): GameResponse => {
      const g = gameResponse(game, { timeControl: BULLET });
      return { ...g, gameState: { ...g.gameState, inactivityDeadline: null, clock } };
    };
    const reads: number[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url === '/api/user') return reply({ id: 'u1', username: 'ada' });
      if (url !== `/api/games/${GAME_ID}`) return reply([]);
      reads.push(Date.now());
      // The first read finds 0.2 s on White's clock, the next the server's flag (the one after, too).
      if (reads.length === 3) game.flag();
      return reply(timed(game.isOver ? running(0, 60_000, null) : running(200, 60_000)));
    });
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Time out! Black wins!');
    // Asked at the clock's zero and the grace, then a second later: no more once it is over.
    expect(reads).toHaveLength(3);
    expect(reads[2] - reads[1]).toBeGreaterThanOrEqual(900);
  });
});

describe('The time control picker', () => {
  function Picker() {
    const [tc, setTc] = useState<TimeControl>({ kind: 'untimed' });
    return <TimeControlPicker value={tc} onChange={setTc} />;
  }
  const pressed = () =>
    screen
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === 'true')
      .map((b) => b.textContent);

  it("offers lichess's eleven presets in its order, a custom clock, correspondence and untimed", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    expect(screen.getAllByRole('button').map((b) => b.firstChild?.textContent)).toEqual([
      ...['1+0', '2+1', '3+0', '3+2', '5+0', '5+3', '10+0', '10+5', '15+10', '30+0', '30+20'],
      ...['Custom', 'Correspondence', 'Untimed'],
    ]);
    expect(pressed()).toEqual(['Untimed']);
    await user.click(screen.getByRole('button', { name: /^15\+10/ }));
    expect(pressed()).toEqual(['15+10Rapid']);
    expect(screen.getByText('15+10 • Rapid')).toBeTruthy();
    // Custom starts from the clock chosen, and stays Custom on a preset's values.
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(pressed()).toEqual(['Custom']);
    await user.selectOptions(screen.getByLabelText('Minutes per side'), '¼');
    await user.selectOptions(screen.getByLabelText('Increment in seconds'), '0');
    expect(screen.getByText('¼+0 • Bullet')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Minutes per side'), '1');
    expect(pressed()).toEqual(['Custom']);
    expect(screen.getByText('1+0 • Bullet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Correspondence' }));
    await user.selectOptions(screen.getByLabelText('Days per move'), '14');
    expect(screen.getByText('14 days • Correspondence')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Untimed' }));
    expect(pressed()).toEqual(['Untimed']);
    expect(screen.queryByLabelText('Days per move')).toBeNull();
  });
});

describe("An opponent who left a timed game (lichess's notice)", () => {
  it('counts down to the claim from when the server saw them go, then offers the win or a draw', async () => {
    const user = userEvent.setup();
    const onClaim = vi.fn();
    const now = Date.now();
    render(<OpponentLeft since={now - 25_000} disabled={false} onClaim={onClaim} />);
    expect(screen.getByText('Your opponent left the game. You can claim victory in 5 seconds.')).toBeTruthy();
    vi.spyOn(Date, 'now').mockReturnValue(now + 5000);
    expect(
      await screen.findByText(
        'Your opponent left the game. You can claim victory or call it a draw, or wait.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Claim victory' }));
    await user.click(screen.getByRole('button', { name: 'Call it a draw' }));
    expect(onClaim.mock.calls).toEqual([['win'], ['draw']]);
  });
});
