import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../src/components/ui/dialog.tsx';

/** A button that opens a dialog from state, as every screen of the app does (no Radix trigger). */
function Opener({ mounted }: { mounted: 'always' | 'while open' }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen} title="Board settings">
      <button type="button">Inside</button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {(mounted === 'always' || open) && dialog}
    </>
  );
}

describe('Dialog', () => {
  for (const mounted of ['always', 'while open'] as const) {
    it(`gives focus back to the button that opened it when it closes (mounted ${mounted})`, async () => {
      const user = userEvent.setup();
      render(<Opener mounted={mounted} />);
      const opener = screen.getByRole('button', { name: 'Open' });
      await user.click(opener);
      await screen.findByRole('dialog', { name: 'Board settings' });
      await waitFor(() => expect(document.activeElement).not.toBe(opener));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    });
  }
});
