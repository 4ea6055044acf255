import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CoursePage } from '../src/features/learn/components/CoursePage.tsx';
import { LearnPage } from '../src/features/learn/components/LearnPage.tsx';
import { completedCourses } from '../src/features/learn/lib/progress.ts';
import { renderApp } from './helpers.tsx';

const PROGRESS_KEY = 'sbc.learn.completed';
const squareButton = (coordinate: string) => {
  const button = document.querySelector<HTMLButtonElement>(`[data-square="${coordinate}"]`);
  if (!button) throw new Error(`no square ${coordinate}`);
  return button;
};
const label = (coordinate: string) => squareButton(coordinate).getAttribute('aria-label');

/** Clicks the piece on `from`, then `to`. */
async function move(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await user.click(squareButton(from));
  await user.click(squareButton(to));
}

beforeEach(() => localStorage.clear());

describe('a lesson', () => {
  it('answers a wrong move with Not quite, sets the step up again, and completes on the right moves', async () => {
    const user = userEvent.setup();
    renderApp(<CoursePage id="join" />);
    expect(await screen.findByRole('heading', { name: 'Join a pawn' })).toBeTruthy();
    expect(document.title).toBe('Join a pawn · Learn · Shared Box Chess');

    await move(user, 'g3', 'h5');
    expect(screen.getByText('Not quite — jump the knight onto your own pawn on e4.')).toBeTruthy();
    expect(label('h5')).toMatch(/^h5, white knight/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(label('g3')).toMatch(/^g3, white knight/);
    expect(label('h5')).toMatch(/^h5, empty/);

    await user.click(screen.getByRole('button', { name: 'Hint' }));
    expect(screen.getByText('A knight jumps: from g3 it reaches e4 in one move.')).toBeTruthy();
    await move(user, 'g3', 'e4');
    expect(screen.getByText('Well done!')).toBeTruthy();
    expect(label('e4')).toMatch(/^e4, white knight and white pawn/);
    expect(completedCourses().has('join')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    await move(user, 'd1', 'd3');
    expect(screen.getByText('Lesson complete!')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? '[]')).toEqual(['join']);
    expect(screen.getByRole('link', { name: 'Next: Move out of a box' }).getAttribute('href')).toBe(
      '/learn/leave',
    );
  });

  it("asks the defender's choice after the opponent's attack and judges the sacrifice", async () => {
    const user = userEvent.setup();
    renderApp(<CoursePage id="double-box" />);
    await screen.findByRole('heading', { name: 'Attack a double box' });
    await move(user, 'e4', 'd5');
    // The opponent gives up the lower-valued piece, as the computer does.
    expect(label('d5')).toMatch(/^d5, black rook and white pawn/);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const attacked = await screen.findByRole('dialog', { name: 'Your shared box is under attack!' });
    await user.click(within(attacked).getByRole('button', { name: /Rook/ }));
    expect(screen.getByText(/^Not quite — the rook \(5\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('dialog', { name: 'Your shared box is under attack!' });
    await user.click(within(again).getByRole('button', { name: /Bishop/ }));
    expect(screen.getByText('Lesson complete!')).toBeTruthy();
    expect(label('c4')).toMatch(/^c4, white rook and black pawn/);
    expect(completedCourses().has('double-box')).toBe(true);
  });

  it('asks for the promotion piece and judges it', async () => {
    const user = userEvent.setup();
    renderApp(<CoursePage id="promotion" />);
    await screen.findByRole('heading', { name: 'Promotion' });
    await move(user, 'b7', 'a8');
    const dialog = await screen.findByRole('dialog', { name: 'Choose Promotion Piece' });
    await user.click(within(dialog).getByRole('button', { name: /Knight/ }));
    expect(screen.getByText('Not quite — take the rook on a8 and choose a queen.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await move(user, 'b7', 'a8');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Queen/ }));
    expect(screen.getByText('Well done!')).toBeTruthy();
    expect(label('a8')).toMatch(/^a8, white queen(,|$)/);
  });

  it('says so for an unknown lesson', async () => {
    renderApp(<CoursePage id="nope" />);
    expect(await screen.findByText('There is no such lesson.')).toBeTruthy();
  });
});

describe('the learn index', () => {
  it('checks the completed lessons and continues with the first open one', async () => {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(['join', 'puzzle-fork']));
    renderApp(<LearnPage />);
    await screen.findByRole('heading', { name: 'Learn Shared Box Chess' });
    expect(document.title).toBe('Learn · Shared Box Chess');
    expect(screen.getByText('1 of 8 completed')).toBeTruthy();
    expect(screen.getByText('1 of 7 completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Completed:\s*Join a pawn/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^2\s*Move out of a box/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/learn/leave');
  });

  it('starts from the first lesson when the stored progress is unreadable', async () => {
    localStorage.setItem(PROGRESS_KEY, '{not json');
    await act(async () => {
      renderApp(<LearnPage />);
    });
    expect(screen.getByText('0 of 8 completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/learn/join');
  });
});
