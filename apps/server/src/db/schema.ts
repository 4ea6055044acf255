import type { Speed, TimeControl } from '@sbc/game';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    /** The address in force: sign-in, recovery and mail use it. */
    email: text('email'),
    /** A new address waiting for its code; `email` stays in force until it is confirmed. */
    pendingEmail: text('pending_email'),
    phone: text('phone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** bcrypt; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    emailVerified: boolean('email_verified').notNull().default(false),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** Marked by an admin as violating the terms (engine assistance): off the leaderboards. */
    tosViolation: boolean('tos_violation').notNull().default(false),
    createdAt: createdAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    // The admin's search of games by the first letters of a player's username.
    index('users_username_prefix').on(sql`lower(${t.username}) text_pattern_ops`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_subject').on(t.googleSubject),
    // The admin's lists, in their order (the id breaks ties): newest first, and the online users.
    index('users_created_at').on(t.createdAt, t.id),
    index('users_last_activity').on(t.lastActivityAt, t.id),
  ],
);
/** A user as stored; `publicUser` (features/accounts) is what a client may see of it. */
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a database leak does not leak sessions. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Six-digit codes for email verification and password reset. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'change-email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user').on(t.userId, t.purpose)],
);

/** A game's rating as the featured game's order counts it: the higher of its players' (0: none). */
export const featuredRating = (t: { whiteRating: AnyPgColumn; blackRating: AnyPgColumn }) =>
  sql<number>`coalesce(greatest(${t.whiteRating}, ${t.blackRating}), 0)`;

export const games = pgTable(
  'games',
  {
    id: id(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic concurrency: every change increments it, and only one writer of a version wins. */
    version: integer('version').notNull().default(0),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** A user's id or, in a room game, a guest's (`guest-…`): no foreign key to users. */
    whitePlayerId: text('white_player_id'),
    blackPlayerId: text('black_player_id'),
    roomId: text('room_id'),
    mode: text('mode', { enum: ['local', 'computer', 'online'] }).notNull(),
    /** The rules package's GameRecord: start SBFEN and move texts; all else is derived from it. */
    record: jsonb('record').notNull(),
    status: text('status').notNull().default('active'),
    currentTurn: text('current_turn').notNull().default('white'),
    winner: text('winner'),
    moveCount: integer('move_count').notNull().default(0),
    lastMoveAt: timestamp('last_move_at', { withTimezone: true }).notNull().defaultNow(),
    drawRequestStatus: text('draw_request_status'),
    drawRequestedBy: text('draw_requested_by'),
    /** How the game is timed (@sbc/game's clock.ts); untimed games follow the inactivity rule. */
    timeControl: jsonb('time_control').$type<TimeControl>().notNull().default({ kind: 'untimed' }),
    /**
     * When a timed game in play ends unless the side to move acts (its flag, or the end of its
     * first-move window); null otherwise. Every instance keeps a timer for it; the index finds
     * those overdue after a restart (features/games/clocks.ts).
     */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /**
     * The position now (SBFEN), written with every change: the lists of live games show it without
     * replaying the record. Null for games last written before it existed.
     */
    sbfen: text('sbfen'),
    /** How many watch an online game, as the room's presence last counted them: the featured game's measure. */
    spectators: integer('spectators').notNull().default(0),
    /** A rated game changes its players' ratings (table ratings) in the transaction that ends it. */
    rated: boolean('rated').notNull().default(false),
    /**
     * Each signed-in player's rating in the game's speed when it started (rounded), whether it was
     * provisional, and once a rated game ended, the change it made: what the game's screen, its
     * lists and its PGN show, without reading the ratings' history. Null for guests and when untimed.
     */
    whiteRating: integer('white_rating'),
    whiteProvisional: boolean('white_provisional'),
    whiteRatingDiff: integer('white_rating_diff'),
    blackRating: integer('black_rating'),
    blackProvisional: boolean('black_provisional'),
    blackRatingDiff: integer('black_rating_diff'),
  },
  (t) => [
    index('games_white').on(t.whitePlayerId),
    index('games_black').on(t.blackPlayerId),
    // A profile's page of online games, each side read off its index alone.
    index('games_white_online').on(t.whitePlayerId, t.createdAt, t.id).where(sql`${t.mode} = 'online'`),
    index('games_black_online').on(t.blackPlayerId, t.createdAt, t.id).where(sql`${t.mode} = 'online'`),
    // A profile's game in play, among the few live games (its counts are in player_counts).
    index('games_white_playing')
      .on(t.whitePlayerId, t.createdAt)
      .where(sql`${t.mode} = 'online' and ${t.status} in ('active', 'check')`),
    index('games_black_playing')
      .on(t.blackPlayerId, t.createdAt)
      .where(sql`${t.mode} = 'online' and ${t.status} in ('active', 'check')`),
    // The games in play (the stats), and the admin's list of one status, newest first.
    index('games_status').on(t.status, t.createdAt, t.id),
    // The admin's list of all games, newest first.
    index('games_created_at').on(t.createdAt, t.id),
    // The admin's search by the first characters of a game's id.
    index('games_id_prefix').on(t.id.op('text_pattern_ops')),
    index('games_deadline').on(t.deadlineAt).where(sql`${t.deadlineAt} is not null`),
    // The current games (/games) and the featured one: online games in play.
    index('games_live')
      .on(t.createdAt, t.id)
      .where(sql`${t.mode} = 'online' and ${t.status} in ('active', 'check')`),
    // The featured game: the most watched in play, the highest-rated of equals, then the newest,
    // read off its end.
    index('games_featured')
      .on(t.spectators, featuredRating(t), t.createdAt, t.id)
      .where(sql`${t.mode} = 'online' and ${t.status} in ('active', 'check')`),
  ],
);

export const moves = pgTable(
  'moves',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    moveNumber: integer('move_number').notNull(),
    player: text('player').notNull(),
    from: text('from_square').notNull(),
    to: text('to_square').notNull(),
    piece: text('piece').notNull(),
    capturedPiece: text('captured_piece'),
    promotedTo: text('promoted_to'),
    sacrificed: text('sacrificed'),
    isSharedBoxCreated: boolean('is_shared_box_created').notNull().default(false),
    isSharedBoxAttacked: boolean('is_shared_box_attacked').notNull().default(false),
    notation: text('notation').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('moves_game_number').on(t.gameId, t.moveNumber)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's wish for a game (docs/api.md, "Lobby"): in a quick-pairing pool, or a custom seek
 * listed in the lobby. It ends once: cancelled, paired (then `gameId`), or its player gone.
 */
export const seeks = pgTable(
  'seeks',
  {
    id: id(),
    /** A user's id, or a guest's (`guest-…`). */
    playerId: text('player_id').notNull(),
    isGuest: boolean('is_guest').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['pool', 'custom'] }).notNull(),
    /**
     * What pairs with what: a pool's seeks with each other ('pool:3+2'), custom seeks of one time
     * control with each other ('custom:3+2', 'custom:2d'). Pairing locks it (features/lobby).
     */
    pairingKey: text('pairing_key').notNull(),
    timeControl: jsonb('time_control').$type<TimeControl>().notNull(),
    color: text('color', { enum: ['white', 'black', 'random'] })
      .notNull()
      .default('random'),
    rated: boolean('rated').notNull().default(false),
    /** The seeker's rating in the seek's speed when made (rounded); null for a guest. */
    rating: integer('rating'),
    ratingProvisional: boolean('rating_provisional'),
    /** The opponents' ratings it accepts (a custom seek's range, made absolute); null: anyone. */
    ratingMin: integer('rating_min'),
    ratingMax: integer('rating_max'),
    createdAt: createdAt(),
    /** When an instance last saw one of the player's sockets open: a seek unseen for 10 s ends. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['cancelled', 'paired', 'gone', 'played'] }),
    gameId: text('game_id').references(() => games.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('seeks_open').on(t.pairingKey, t.createdAt).where(sql`${t.endedAt} is null`),
    index('seeks_open_player').on(t.playerId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A player's online games (any status) and those finished by result, as their profile counts them:
 * kept by triggers on `games` (migration 0013_player_counts), so that whatever writes a game (its
 * end, an admin, a seed) counts it once, in its own transaction, and a profile reads one row where
 * it would count thousands of games.
 */
export const playerCounts = pgTable('player_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  games: integer('games').notNull().default(0),
  won: integer('won').notNull().default(0),
  lost: integer('lost').notNull().default(0),
  drawn: integer('drawn').notNull().default(0),
});

/**
 * A player's Glicko-2 rating in one speed category (docs/rules.md, "Ratings"); no row until their
 * first rated game in it (they stand at 1500 / 350 / 0.06 until then).
 */
export const ratings = pgTable(
  'ratings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speed: text('speed').$type<Speed>().notNull(),
    rating: doublePrecision('rating').notNull(),
    deviation: doublePrecision('deviation').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    /** Rated games played in this category. */
    games: integer('games').notNull().default(0),
    /** The end of the last rated game: the deviation grows with the time since (lichess's periods). */
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.speed] }),
    // The leaderboards: a category's best of those with enough games and a settled rating (the
    // constants of LEADERBOARD_MIN_GAMES and PROVISIONAL_DEVIATION, which the query repeats, so
    // that the planner uses it), read from the top.
    index('ratings_leaderboard')
      .on(t.speed, t.rating.desc())
      .where(sql`${t.games} >= 20 and ${t.deviation} <= 110`),
  ],
);

/**
 * What one rated game did to one player's rating: written with the ratings in the transaction
 * that ends the game, at most once (its key); the profile's progress reads it, and the chart's
 * points are made from it (rating_points).
 */
export const ratingChanges = pgTable(
  'rating_changes',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speed: text('speed').$type<Speed>().notNull(),
    before: doublePrecision('before').notNull(),
    after: doublePrecision('after').notNull(),
    deviation: doublePrecision('deviation').notNull(),
    /** Rounded as shown: round(after) - round(before). */
    diff: integer('diff').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    // A player's changes in a category by date: the progress (the last 12) and a day's point
    // (rating_points' triggers) read off the index, for migration 0013 adds INCLUDE (after, diff),
    // which drizzle cannot say.
    index('rating_changes_player').on(t.userId, t.speed, t.createdAt),
  ],
);

/**
 * Each category's rating at the end of each UTC day the player had a rated game in it (lichess's
 * history): the profile's chart, one row a point, read in key order. Kept by triggers on
 * rating_changes (migration 0014_rating_points), in the transaction that writes or removes a
 * change; the key INCLUDEs (at, rating) so that a chart is read off the index alone, which drizzle
 * cannot say: it is in the migration.
 */
export const ratingPoints = pgTable(
  'rating_points',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speed: text('speed').$type<Speed>().notNull(),
    /** Days since 1970-01-01, UTC. */
    day: integer('day').notNull(),
    /** The day's last change: its time and the rating after it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    rating: doublePrecision('rating').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.speed, t.day] })],
);

/** A private room for an online game (docs/api.md §7). */
export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    code: text('code').notNull(),
    /** The host's player id: a user's or a guest's. */
    hostId: text('host_id').notNull(),
    hostIsWhite: boolean('host_is_white').notNull().default(true),
    /** The time control of the room's next game: the host's choice, kept by a rematch. */
    timeControl: jsonb('time_control').$type<TimeControl>().notNull().default({ kind: 'untimed' }),
    /** The host asked for rated games: a game is rated only if both players are signed in and timed. */
    rated: boolean('rated').notNull().default(false),
    status: text('status', { enum: ['waiting', 'playing', 'closed'] })
      .notNull()
      .default('waiting'),
    /** The current game: the first, then each rematch. */
    gameId: text('game_id').references(() => games.id, { onDelete: 'set null' }),
    /** Who offered a rematch of the current game, until the other answers. */
    rematchOfferedBy: text('rematch_offered_by'),
    createdAt: createdAt(),
  },
  // A code names one open room; a closed room's code may be drawn again.
  (t) => [uniqueIndex('rooms_open_code').on(t.code).where(sql`${t.status} <> 'closed'`)],
);

/** Who sits in a room; the row stays after leaving, so a guest's name still labels their games. */
export const roomPlayers = pgTable(
  'room_players',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** A user's id, or a guest's (`guest-…`). */
    playerId: text('player_id').notNull(),
    isGuest: boolean('is_guest').notNull(),
    name: text('name').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.playerId] })],
);

/** Community feedback and its replies (docs/api.md §8). */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    name: text('name').notNull(),
    /** Shown to admins only. */
    email: text('email'),
    message: text('message').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    /** The feedback this one replies to; a deleted feedback takes its replies with it. */
    parentId: text('parent_id').references((): AnyPgColumn => feedback.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_at').on(t.createdAt, t.id), index('feedback_parent').on(t.parentId)],
);

/** Sponsorships, recorded by hand with the admin CLI (payments happen on external pages). */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: id(),
    sponsorName: text('sponsor_name'),
    sponsorEmail: text('sponsor_email'),
    /** In cents (the currency's smallest unit). */
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217, upper case. */
    currency: text('currency').notNull(),
    /** completed, pending or failed. */
    status: text('status').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('sponsorships_created_at').on(t.createdAt, t.id)],
);

/** What admins did: who, what, on what, when (docs/api.md §4, Audit log). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: id(),
    createdAt: createdAt(),
    /** The admin; null once their account is gone (the username stays). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details'),
  },
  (t) => [index('admin_audit_created_at').on(t.createdAt, t.id)],
);

/**
 * Exact row counts of the tables too big to count at each request (the games), kept by triggers in
 * the same transaction as each INSERT and DELETE (drizzle/0002_admin.sql): the admin's Total Games
 * card and the pages of its games list read one row instead of 100,000.
 */
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});
