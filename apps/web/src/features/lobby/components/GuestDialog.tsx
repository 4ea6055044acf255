import { GUEST_NAME_FOR_LOBBY, GuestRequest } from '@sbc/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Errors, submitWith } from '../../../components/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { GuestNameField, withName } from '../../live/index.ts';
import { useLobby } from '../hooks/useLobby.ts';

const schema = withName(GuestRequest, 'displayName', GUEST_NAME_FOR_LOBBY);

/** A visitor's name, asked before their first seek or accept; the move they made then goes on. */
export function GuestDialog() {
  const { naming, cancelNaming, named } = useLobby();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = submitWith(schema, setErrors, async ({ displayName }) => {
    setBusy(true);
    await named(displayName ?? '');
    setBusy(false);
  });
  return (
    <Dialog
      open={naming}
      onOpenChange={(open) => !open && cancelNaming()}
      title="Play as a guest"
      description={
        <>
          Your opponent sees this name.{' '}
          <Link to="/auth" className="font-medium text-amber-700 underline-offset-2 hover:underline">
            Log in
          </Link>{' '}
          to play with your account instead.
        </>
      }
    >
      <form noValidate className="space-y-4" onSubmit={submit}>
        <GuestNameField name="displayName" error={errors.displayName} />
        <Button type="submit" className="w-full" disabled={busy}>
          Play
        </Button>
      </form>
    </Dialog>
  );
}
