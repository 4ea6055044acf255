import type { Room } from '@sbc/api';

/**
 * A visitor plays as a guest: the server knows them by an httpOnly cookie (docs/api.md §7), which
 * the page cannot read. So the browser keeps what it learnt when the guest sat down: the name they
 * gave and the id their seat shows, by which the game's player ids say which colour is theirs.
 */
export interface Guest {
  name: string;
  id?: string;
}

const KEY = 'sbc.guest';

export function knownGuest(): Guest | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Guest | null;
    return typeof stored?.name === 'string' ? stored : null;
  } catch {
    return null;
  }
}

function remember(guest: Guest): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(guest));
  } catch {
    // Storage refused (private mode): the guest still plays, seen as a spectator after a reload.
  }
}

/**
 * After a guest named `name` created or joined `room` (or was refused a seat): their id is the one
 * known before when that is seated, else the host's after creating, else the seat of that name
 * that is not the host's (a newcomer never is).
 */
export function rememberGuest(name: string, room?: Room, created = false): void {
  const before = knownGuest()?.id;
  const seated = (id?: string) => !!id && !!room?.players.some((p) => p.id === id);
  const named = room?.players.filter((p) => p.isGuest && p.name === name) ?? [];
  const id = seated(before)
    ? before
    : created
      ? room?.hostUserId
      : (named.find((p) => !p.isHost) ?? named[0])?.id;
  remember({ name, id: id ?? before });
}

/** A visitor who named themselves for the lobby (POST /api/guest): the guest the answer names. */
export function becameGuest(guest: { id: string; name: string }): void {
  remember({ name: guest.name, id: guest.id });
}
