import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useSession } from '../../auth/index.ts';
import { useCreateRoom, useJoinRoom } from '../hooks/useRoomActions.ts';
import { CreateRoomForm, JoinRoomForm } from './forms.tsx';

/** Multiplayer Room: Create Room and Join Room; both lead to the room's lobby. */
export function MultiplayerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const toLobby = (code: string) => {
    onOpenChange(false);
    navigate(`/room/${code}`);
  };
  const create = useCreateRoom((room) => toLobby(room.code));
  // A full room's lobby offers its game to watch.
  const join = useJoinRoom({
    onJoined: (room) => toLobby(room.code),
    onFull: toLobby,
  });
  const guest = !user;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Multiplayer Room"
      description="Play a friend online in a private room."
      size="md"
    >
      <Tabs
        label="Multiplayer Room"
        tabs={[
          {
            value: 'create',
            label: 'Create Room',
            content: <CreateRoomForm guest={guest} pending={create.isPending} onCreate={create.mutate} />,
          },
          {
            value: 'join',
            label: 'Join Room',
            content: <JoinRoomForm guest={guest} pending={join.isPending} onJoin={join.mutate} />,
          },
        ]}
      />
    </Dialog>
  );
}
