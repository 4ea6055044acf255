import { z } from 'zod';
import { TimeControl } from './clock.ts';
import { withoutControls } from './common.ts';

/** docs/api.md §7: the limits of the room forms. */
export const ROOM_CODE_MAX = 8;
export const GUEST_NAME_MAX = 20;

/** A visitor must name themselves; the server answers a missing name with these (400). */
export const GUEST_NAME_REQUIRED = {
  create: 'Please enter your name to create a room as a guest',
  join: 'Please enter your name to join as a guest',
} as const;

/** A room code as typed: trimmed and upper-cased, letters and digits, at most 8. */
export const RoomCode = z
  .string({ error: 'Please enter a room code' })
  .trim()
  .min(1, 'Please enter a room code')
  .max(ROOM_CODE_MAX, `A room code is at most ${ROOM_CODE_MAX} characters`)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]+$/, 'A room code is letters and digits'));

/**
 * Others read this name: nothing that hides or reorders its text (zero-width and other invisible
 * characters, bidi overrides, embeddings, marks and isolates, line separators).
 */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Zl}\p{Zp}]/u;
export const GUEST_NAME_HIDDEN = 'Invisible and text-direction characters are not allowed';

/** A name as another is compared with it: compatibility forms as plain letters (ａ as a), any case. */
export const nameKey = (name: string): string => name.normalize('NFKC').toLowerCase();

/** Names no guest takes, as `nameKey` gives them: they would speak for the site. */
export const RESERVED_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'staff',
  'support',
  'system',
  'server',
  'root',
  'official',
  'shared box chess',
];
export const GUEST_NAME_RESERVED = 'This name is reserved. Please choose another.';

/** A guest's display name (NFC): optional in the schema (absent, null or blank), required of visitors. */
export const GuestName = withoutControls(
  z
    .string({ error: 'Expected text' })
    .normalize('NFC')
    .trim()
    .max(GUEST_NAME_MAX, `Name must be at most ${GUEST_NAME_MAX} characters`),
)
  .refine((name) => !HIDDEN.test(name), GUEST_NAME_HIDDEN)
  .refine((name) => !RESERVED_NAMES.includes(nameKey(name)), GUEST_NAME_RESERVED)
  .nullish()
  .transform((name) => name || undefined);

// ---- Requests ----

/** `POST /api/rooms`; a signed-in user may send no body at all (Fastify then validates null). */
export const CreateRoomRequest = z
  .object({ displayName: GuestName })
  .nullish()
  .transform((body) => body ?? { displayName: undefined });
export type CreateRoomRequest = z.input<typeof CreateRoomRequest>;

export const JoinRoomRequest = z.object({ roomCode: RoomCode, guestName: GuestName });
export type JoinRoomRequest = z.input<typeof JoinRoomRequest>;

/** 1: the host plays white (and moves first); 0: black. */
export const HostIsWhite = z.union([z.literal(1), z.literal(0)], { error: 'hostIsWhite must be 1 or 0' });

export const RoomColorRequest = z.object({ hostIsWhite: HostIsWhite });
export type RoomColorRequest = z.infer<typeof RoomColorRequest>;

/**
 * The host's time control, and whether the game is rated (casual by default), while the second
 * seat is free. A room's game is rated only when both players are signed in and it has a clock or
 * is by correspondence; a guest host cannot ask for it.
 */
export const RoomTimeControlRequest = z.strictObject({
  timeControl: TimeControl,
  rated: z.boolean().optional(),
});
export type RoomTimeControlRequest = z.infer<typeof RoomTimeControlRequest>;

// ---- Responses ----

export const RoomStatus = z.enum(['waiting', 'playing', 'closed']);
export type RoomStatus = z.infer<typeof RoomStatus>;

export const RoomPlayer = z.object({
  /** A user's id, or a guest's (`guest-…`); the game's whitePlayerId/blackPlayerId hold the same. */
  id: z.string(),
  name: z.string(),
  isHost: z.boolean(),
  isGuest: z.boolean(),
  /** Whether the player has a live connection at /ws. */
  connected: z.boolean(),
  /**
   * Since when a disconnected player has had no socket (ms since the epoch), as far as the server
   * has seen it go; null while connected. In a timed game the opponent may claim OPPONENT_LEFT_MS on.
   */
  absentSince: z.number().nullable(),
});
export type RoomPlayer = z.infer<typeof RoomPlayer>;

export const Room = z.object({
  id: z.string(),
  code: z.string(),
  /** The host's player id (a guest's when a guest created the room). */
  hostUserId: z.string(),
  hostIsWhite: HostIsWhite,
  /** The time control of the room's next game; a rematch keeps the last game's. */
  timeControl: TimeControl,
  /** The host asked for a rated game (the game is rated only if both players are signed in). */
  rated: z.boolean(),
  players: z.array(RoomPlayer),
  status: RoomStatus,
  /** The room's current game, once two players are in. */
  gameId: z.string().nullable(),
  /** How many watch the current game. */
  spectators: z.int().min(0),
});
export type Room = z.infer<typeof Room>;

export const LeaveRoomResponse = z.object({ success: z.literal(true), message: z.string() });
export type LeaveRoomResponse = z.infer<typeof LeaveRoomResponse>;
