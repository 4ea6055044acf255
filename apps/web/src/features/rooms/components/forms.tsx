import { CreateRoomRequest, GUEST_NAME_REQUIRED, JoinRoomRequest, ROOM_CODE_MAX } from '@sbc/api';
import { useState } from 'react';
import { type Errors, Field, submitWith } from '../../../components/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { GuestNameField, withName } from '../../live/index.ts';

/** Create Room: a visitor gives their name; a signed-in user just creates. */
export function CreateRoomForm({
  guest,
  pending,
  onCreate,
}: {
  guest: boolean;
  pending: boolean;
  onCreate: (request: { displayName?: string }) => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const schema = withName(CreateRoomRequest, 'displayName', guest ? GUEST_NAME_REQUIRED.create : null);
  return (
    <form noValidate className="space-y-4" onSubmit={submitWith(schema, setErrors, onCreate)}>
      <p className="text-sm text-slate-600">
        Create a private room, then send its code to the friend you want to play.
      </p>
      {guest && <GuestNameField name="displayName" error={errors.displayName} />}
      <Button type="submit" className="w-full" disabled={pending}>
        Create Room
      </Button>
    </form>
  );
}

/** Join Room: the code (upper-cased as typed) unless given, and a visitor's name. */
export function JoinRoomForm({
  guest,
  code,
  pending,
  onJoin,
}: {
  guest: boolean;
  /** The room's code when the form stands in its lobby. */
  code?: string;
  pending: boolean;
  onJoin: (request: { roomCode: string; guestName?: string }) => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const schema = withName(JoinRoomRequest, 'guestName', guest ? GUEST_NAME_REQUIRED.join : null);
  return (
    <form noValidate className="space-y-4" onSubmit={submitWith(schema, setErrors, onJoin)}>
      {code ? (
        <input type="hidden" name="roomCode" value={code} />
      ) : (
        <Field
          id="room-code"
          name="roomCode"
          label="Room code"
          autoComplete="off"
          maxLength={ROOM_CODE_MAX}
          upperCase
          placeholder="K7QM2X"
          error={errors.roomCode}
        />
      )}
      {guest && <GuestNameField name="guestName" error={errors.guestName} />}
      <Button type="submit" className="w-full" disabled={pending}>
        Join Room
      </Button>
    </form>
  );
}
