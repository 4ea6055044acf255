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
});
