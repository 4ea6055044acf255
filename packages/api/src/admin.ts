import { GAME_STATUSES } from '@sbc/game';
import { z } from 'zod';
import { User } from './auth.ts';
import { Color, CursorPageQuery, Page, PageQuery, withoutControls } from './common.ts';
import { AdminFeedback } from './feedback.ts';
import { GameSummary } from './games.ts';
import { GameMode } from './state.ts';

// The admin panel's calls beyond accounts (docs/api.md §4 and §6). Every list is a `Page` and
// takes `PageQuery` (`?page=&pageSize=`); `AdminUsersQuery` and the block and admin-rights
// requests are in auth.ts.

// ---- Stats and system ----

/** `GET /api/admin/stats`: the stat cards. */
export const AdminStats = z.object({
  totalUsers: z.int().min(0),
  /** Active in the last 5 minutes. */
  onlineUsers: z.int().min(0),
  /** Users who play an active game now (see `GET /api/admin/playing-users`). */
  playingUsers: z.int().min(0),
  totalGames: z.int().min(0),
  activeGames: z.int().min(0),
  /** How many completed sponsorships. */
  sponsorshipCount: z.int().min(0),
  /**
   * The completed sponsorships' amounts (in cents) and count, currency by currency (upper-case
   * ISO 4217 codes): amounts in different currencies are never added up.
   */
  sponsorshipsByCurrency: z.array(
    z.object({ currency: z.string(), amountCents: z.int().min(0), count: z.int().min(0) }),
  ),
  /** System Status: Maintenance when true, Online when false. */
  maintenanceMode: z.boolean(),
  maintenanceMessage: z.string(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** `GET /api/admin/system`: the Settings tab's system information. */
export const AdminSystem = z.object({
  server: z.literal('online'),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    connected: z.boolean(),
    /** Storage used: `pg_database_size` on PostgreSQL, the data folder's size with PGlite; null when unknown (in memory). */
    sizeBytes: z.int().min(0).nullable(),
  }),
  /** Seconds since this server process started. */
  uptimeSeconds: z.int().min(0),
  startedAt: z.string(),
  nodeVersion: z.string(),
});
export type AdminSystem = z.infer<typeof AdminSystem>;

// ---- Lists ----

export const AdminUserPage = Page(User);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

export const AdminGamePage = Page(GameSummary);
export type AdminGamePage = z.infer<typeof AdminGamePage>;

/** A signed-in user who plays an active game now: one row per user and game. */
export const PlayingUser = z.object({
  gameId: z.string(),
  role: Color,
  mode: GameMode,
  lastMoveAt: z.string(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type PlayingUser = z.infer<typeof PlayingUser>;
export const PlayingUserPage = Page(PlayingUser);
export type PlayingUserPage = z.infer<typeof PlayingUserPage>;

/** completed and pending as such; the web shows any other status as failed. */
export const SPONSORSHIP_STATUSES = ['completed', 'pending', 'failed'] as const;

export const Sponsorship = z.object({
  id: z.string(),
  /** null: Anonymous. */
  sponsorName: z.string().nullable(),
  sponsorEmail: z.string().nullable(),
  /** In cents (the smallest unit of `currency`). */
  amount: z.int().min(0),
  currency: z.string(),
  status: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type Sponsorship = z.infer<typeof Sponsorship>;
export const SponsorshipPage = Page(Sponsorship);
export type SponsorshipPage = z.infer<typeof SponsorshipPage>;

/** What the admin CLI's `sponsorship add` records. */
export const NewSponsorship = z.object({
  sponsorName: withoutControls(z.string().trim().max(100, 'name must be at most 100 characters'))
    .optional()
    .transform((v) => v || undefined),
  sponsorEmail: z
    .string()
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address'))
    .optional(),
  amountCents: z
    .int('amount-cents must be a whole number of cents')
    .min(1, 'amount-cents must be at least 1')
    .max(100_000_000, 'amount-cents must be at most 100000000'),
  currency: z
    .string({ error: 'currency must be a 3-letter code such as USD or INR' })
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter code such as USD or INR')),
  status: z.enum(SPONSORSHIP_STATUSES, { error: 'status must be completed, pending or failed' }),
  message: withoutControls(z.string().trim().max(1000, 'message must be at most 1000 characters'), {
    lines: true,
  })
    .optional()
    .transform((v) => v || undefined),
});
export type NewSponsorship = z.input<typeof NewSponsorship>;

export const AdminFeedbackPage = Page(AdminFeedback);
export type AdminFeedbackPage = z.infer<typeof AdminFeedbackPage>;

/** `DELETE /api/admin/feedback/{id}` (a reply's replies go with it). */
export const FeedbackIdParams = z.object({
  id: withoutControls(z.string().max(100, 'Feedback not found')),
});

// ---- Audit log ----

export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  'user.promote',
  'user.demote',
  'user.tos-violation',
  'user.tos-clear',
  'feedback.delete',
  'maintenance.update',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** One admin action: who, what, on what, when. */
export const AuditEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The admin's user id and username (null once that account is gone; the username is kept). */
  actorId: z.string().nullable(),
  actorUsername: z.string(),
  action: AuditAction,
  /** The user's or the feedback's id; null for maintenance. */
  targetId: z.string().nullable(),
  /** A readable label of the target: a username, a feedback's author and first words. */
  targetLabel: z.string().nullable(),
  /** The action's particulars, e.g. `{ "enabled": true, "message": "…" }` for maintenance. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = Page(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

/** The query of every admin list but users (which adds `q`). */
export const AdminPageQuery = PageQuery;
/**
 * The games list's query (docs/api.md §4): pages by number, or next to a page cursor; `q` finds a
 * game by its id or the first characters of it, or by a player's username or its first letters
 * (any case); `status` keeps one status.
 */
export const AdminGamesQuery = CursorPageQuery.safeExtend({
  q: withoutControls(z.string({ error: 'Expected text' }).trim().max(100, 'Search is too long')).optional(),
  status: z.enum(GAME_STATUSES, { error: `status must be one of ${GAME_STATUSES.join(', ')}` }).optional(),
});
export type AdminGamesQuery = z.infer<typeof AdminGamesQuery>;
