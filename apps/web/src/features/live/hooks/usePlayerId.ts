import { useSession } from '../../auth/index.ts';
import { knownGuest } from '../api/guest.ts';

/** Who this browser plays as: the signed-in user, else the guest it sat down as, else nobody. */
export function usePlayerId(): string | null {
  const { user } = useSession();
  return user?.id ?? knownGuest()?.id ?? null;
}
