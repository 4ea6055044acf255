import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { label, newGame, square } from './helpers.tsx';
import {
  change,
  FakeSocket,
  fakeSockets,
  moveFrame,
  ONLINE_ID,
  onlineGame,
  openGame,
  played,
} from './live-helpers.ts';

const CY = { name: 'Cy', id: 'guest-c' };
const OPENING = ['e2e4', 'e7e5', 'g1f3', 'b8c6'];
const sync = (version: number) => ({ type: 'game:sync', gameId: ONLINE_ID, version });

/** What the screen says of the game: every square's name and the page's text (but the countdown's). */
const shownGame = () => ({
  squares: [...document.querySelectorAll('[data-square]')].map((s) => s.getAttribute('aria-label')),
  text: document.querySelector('main')?.textContent?.replace(/\d+:\d\d/, 'm:ss'),
});

describe('Move frames: the game played on the client’s copy (docs/api.md §7, issue 46)', () => {
  beforeEach(fakeSockets);

  it('shows a spectator the game its frames lead to as the full state shows it', async () => {
    const { socket, unmount } = await openGame(onlineGame(newGame({ mode: 'online' })), CY);
    for (let ply = 1; ply <= OPENING.length; ply++) socket.receive(moveFrame(played(OPENING.slice(0, ply))));
    await waitFor(() => expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('Nc6'));
    expect(socket.sentOf('game:sync')).toEqual([]);
    const byFrames = shownGame();
    unmount();
    fakeSockets();
    await openGame(onlineGame(played(OPENING)), CY);
    expect(shownGame()).toEqual(byFrames);
  });

  it('asks once for the game on a missed version, and its answer mends the screen', async () => {
    const { socket } = await openGame(onlineGame(newGame({ mode: 'online' })), CY);
    socket.receive(moveFrame(played(OPENING.slice(0, 2))));
    socket.receive(moveFrame(played(OPENING.slice(0, 3))));
    // One question until its answer comes, however many frames miss.
    expect(socket.sentOf('game:sync')).toEqual([sync(0)]);
    expect(label('e4')).toMatch(/^e4, empty/);
    socket.receive(change('game:state', onlineGame(played(OPENING.slice(0, 3)))));
    await waitFor(() => expect(label('f3')).toMatch(/^f3, white knight/));
    socket.receive(moveFrame(played(OPENING)));
    await waitFor(() => expect(label('c6')).toMatch(/^c6, black knight/));
    expect(socket.sentOf('game:sync')).toEqual([sync(0)]);
  });

  it('asks for the game when a frame’s position is not the one the rules reach', async () => {
    const { socket } = await openGame(onlineGame(played(['e2e4'])), CY);
    socket.receive({ ...moveFrame(played(['e2e4', 'e7e5'])), digest: '0000000000000000' });
    expect(socket.sentOf('game:sync')).toEqual([sync(1)]);
    socket.receive(change('game:state', onlineGame(played(['e2e4', 'e7e5']))));
    await waitFor(() => expect(label('e5')).toMatch(/^e5, black pawn/));
  });

  it('ignores a frame of a version it holds', async () => {
    const { socket } = await openGame(onlineGame(played(['e2e4', 'e7e5'])), CY);
    socket.receive(moveFrame(played(['e2e4', 'd7d5'])));
    // The next version still follows on: the stale frame changed nothing.
    socket.receive(moveFrame(played(OPENING.slice(0, 3))));
    await waitFor(() => expect(label('f3')).toMatch(/^f3, white knight/));
    expect(label('d5')).toMatch(/^d5, empty/);
    expect(socket.sentOf('game:sync')).toEqual([]);
  });

  it('settles the mover’s move with its frame, and says what the rules say of it', async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(played(['e2e4', 'd7d5'])));
    await user.click(square('e4'));
    await user.click(square('d5'));
    socket.receive(moveFrame(played(['e2e4', 'd7d5', 'e4d5'])));
    expect(await screen.findByText('Captured pawn!')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Turn').nextSibling?.textContent).toBe('Black'));
    expect(label('d5')).toMatch(/^d5, white pawn/);
    expect(socket.sentOf('game:sync')).toEqual([]);
  });

  it('settles the mover’s move whose frame parted from its copy with the game asked for', async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(newGame({ mode: 'online' })));
    await user.click(square('e2'));
    await user.click(square('e4'));
    socket.receive({ ...moveFrame(played(['e2e4'])), digest: '0000000000000000' });
    expect(socket.sentOf('game:sync')).toEqual([sync(0)]);
    socket.receive(change('game:state', onlineGame(played(['e2e4']))));
    await waitFor(() => expect(screen.getByText('Turn').nextSibling?.textContent).toBe('Black'));
    expect(label('e4')).toMatch(/^e4, white pawn/);
    expect(FakeSocket.last().sentOf('game:sync')).toHaveLength(1);
  });
});
