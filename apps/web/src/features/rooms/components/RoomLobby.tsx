import { RoomCode } from '@sbc/api';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card, Spinner } from '../../../components/ui/card.tsx';
import { errorMessage, HttpError } from '../../../lib/http.ts';
import { useSession } from '../../auth/index.ts';
import { knownGuest, usePlayerId } from '../../live/index.ts';
import { useRoom } from '../api/rooms.ts';
import { useJoinRoom, useLeaveRoom } from '../hooks/useRoomActions.ts';
import { JoinRoomForm } from './forms.tsx';
import { SeatedLobby } from './SeatedLobby.tsx';

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-4 px-4 py-12">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-4 space-y-4">{children}</div>
      </Card>
    </main>
  );
}

const BackHome = () => (
  <Link to="/" className={buttonClass('outline')}>
    Back to Home
  </Link>
);

/** The room lobby at /room/{code} (the code upper-cased); a code that cannot be one is 'Invalid Room Code'. */
export function RoomLobby({ code: typed = '' }: { code?: string }) {
  const code = RoomCode.safeParse(typed);
  if (!code.success) return <Notice title="Invalid Room Code">{<BackHome />}</Notice>;
  return <Lobby key={code.data} code={code.data} />;
}

/**
 * A seated player sees the room; anyone else sits down first (at once when their name is known: a
 * signed-in user's, or the guest's from before), or, in a full room, is offered to watch its game.
 */
function Lobby({ code }: { code: string }) {
  const room = useRoom(code);
  const { user } = useSession();
  const me = usePlayerId();
  const navigate = useNavigate();
  const join = useJoinRoom();
  const leave = useLeaveRoom(code);
  // From the click on Leave Room until home, the lobby stays as it was: the room without the
  // leaver is no reason to sit down again.
  const leaving = leave.isPending || leave.isSuccess;
  const name = user ? undefined : knownGuest()?.name;
  const canSit = !!user || !!name;
  const seated = !!room.data?.players.some((p) => p.id === me);
  const full = (room.data?.players.length ?? 0) >= 2;
  const asked = useRef(false);
  useEffect(() => {
    if (!room.data || seated || full || !canSit || leaving || asked.current) return;
    asked.current = true;
    join.mutate({ roomCode: code, guestName: name });
  }, [room.data, seated, full, canSit, leaving, code, name, join]);

  if (leaving && room.data) return <SeatedLobby room={room.data} me={me} leaving onLeave={leave.mutate} />;
  const missing = room.error instanceof HttpError && room.error.status === 404;
  if (missing || room.data?.status === 'closed') {
    return (
      <Notice title="Room not found">
        <p className="text-slate-600">The room {code} does not exist or has closed.</p>
        <BackHome />
      </Notice>
    );
  }
  if (!room.data && room.error) {
    // The server's reason, such as too many wrong codes from this address, and when to try again.
    return (
      <Notice title="The room could not be loaded">
        <p className="text-slate-600">{errorMessage(room.error, 'Please try again in a moment.')}</p>
        <BackHome />
      </Notice>
    );
  }
  if (!room.data) return <Spinner />;
  if (seated) return <SeatedLobby room={room.data} me={me} leaving={false} onLeave={leave.mutate} />;
  if (full && canSit) {
    const { gameId } = room.data;
    return (
      <Notice title={`Room ${code}`}>
        <p className="text-slate-600">This room is full. You can watch the game instead.</p>
        <div className="flex flex-wrap gap-2">
          {gameId && <Button onClick={() => navigate(`/game/${gameId}`)}>Watch Game</Button>}
          <BackHome />
        </div>
      </Notice>
    );
  }
  if (canSit && !join.isError) return <Spinner label="Joining room..." />;
  return (
    <Notice title={`Join Room ${code}`}>
      <JoinRoomForm guest={!user} code={code} pending={join.isPending} onJoin={join.mutate} />
    </Notice>
  );
}
