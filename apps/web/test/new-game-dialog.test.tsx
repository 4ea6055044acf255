import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../src/components/ui/toast-store.ts';
import { NewGameDialog } from '../src/features/home/components/NewGameDialog.tsx';
import { renderApp, serve } from './helpers.tsx';

/** The signed-in home's opener of Start New Game. */
function Home() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Start Playing
      </button>
      <NewGameDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('Start New Game', () => {
  it('closes on Escape after a 503 (maintenance)', async () => {
    serve({
      'POST /api/games': { status: 503, body: { maintenanceMode: true, message: 'Back at noon.' } },
    });
    const user = userEvent.setup();
    renderApp(<Home />);
    await user.click(screen.getByRole('button', { name: 'Start Playing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Game' });
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    expect(await screen.findByText('Back at noon.')).toBeTruthy();
    // The toast, the newest of Radix's layers, used to take this Escape for itself.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('starts untimed unless a time control is chosen, and sends the one chosen', async () => {
    const calls = serve({ 'POST /api/games': { status: 500, body: { message: 'No.' } } });
    const user = userEvent.setup();
    renderApp(<Home />);
    await user.click(screen.getByRole('button', { name: 'Start Playing' }));
    await screen.findByRole('dialog', { name: 'Start New Game' });
    expect(screen.getByRole('button', { name: 'Untimed' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    await screen.findByText('No.');
    expect(calls.at(-1)?.body).toMatchObject({ timeControl: { kind: 'untimed' } });
    await user.click(screen.getByRole('button', { name: /^5\+3/ }));
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({ timeControl: { kind: 'clock', minutes: 5, increment: 3 } }),
    );
  });
});
