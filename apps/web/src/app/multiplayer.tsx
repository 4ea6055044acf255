import { Suspense, useState } from 'react';
import { Button, type ButtonProps } from '../components/ui/button.tsx';
import { componentOf, onDemand } from '../lib/on-demand.tsx';

/** The rooms feature: the lobby's page and the Multiplayer Room dialog share its code. */
export const roomPages = onDemand(() => import('../features/rooms/pages.ts'));
const MultiplayerDialog = componentOf(roomPages, 'MultiplayerDialog');

/** Multiplayer, on the home and the landing page: the Multiplayer Room dialog, whose code loads on the click. */
export function MultiplayerButton({ variant, size }: Pick<ButtonProps, 'variant' | 'size'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        Multiplayer
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MultiplayerDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
