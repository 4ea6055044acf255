import type { LobbyState, Seek, ServerMessage } from '@sbc/api';

/** What the socket says of the lobby (docs/api.md, lobby:watch). */
export type LobbyMessage = Extract<
  ServerMessage,
  { type: 'lobby:state' | 'lobby:seek' | 'lobby:unseek' | 'lobby:pools' }
>;

/**
 * The lobby's messages, and the page's own news from the server's answers: a seek of its own
 * opened, or cancelled (its fate known: nothing to ask about it).
 */
export type LobbyAction = LobbyMessage | { type: 'mine'; seek: Seek } | { type: 'cancelled'; seekId: string };

const LOBBY_TYPES = new Set<string>(['lobby:state', 'lobby:seek', 'lobby:unseek', 'lobby:pools']);
export const isLobbyMessage = (m: ServerMessage): m is LobbyMessage => LOBBY_TYPES.has(m.type);

/** The custom seeks listed at most, as the server lists them. */
export const SEEKS_LISTED = 200;

const without = (seeks: Seek[], id: string) => seeks.filter((s) => s.id !== id);
/** `seek` first (the newest), once. */
const adding = (seeks: Seek[], seek: Seek) => [seek, ...without(seeks, seek.id)];

/**
 * The lobby as the page shows it: the whole of it from lobby:state (or GET /api/lobby), then its
 * changes. Nothing changes before the whole is known: a change alone has nothing to apply to.
 */
export function lobbyReducer(state: LobbyState | null, action: LobbyAction): LobbyState | null {
  if (action.type === 'lobby:state') return { pools: action.pools, seeks: action.seeks, mine: action.mine };
  if (!state) return state;
  switch (action.type) {
    case 'lobby:pools':
      return { ...state, pools: action.pools };
    case 'lobby:seek':
      return { ...state, seeks: adding(state.seeks, action.seek).slice(0, SEEKS_LISTED) };
    case 'lobby:unseek':
    case 'cancelled':
      return {
        ...state,
        seeks: without(state.seeks, action.seekId),
        mine: without(state.mine, action.seekId),
      };
    case 'mine':
      return {
        ...state,
        mine: adding(state.mine, action.seek),
        seeks: action.seek.kind === 'custom' ? adding(state.seeks, action.seek) : state.seeks,
      };
  }
}

/** The lobby list: the open custom seeks, the player's own among them even if the server listed them apart. */
export function listedSeeks(state: LobbyState): Seek[] {
  const own = state.mine.filter((s) => s.kind === 'custom' && !state.seeks.some((t) => t.id === s.id));
  return [...own, ...state.seeks];
}
