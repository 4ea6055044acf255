/**
 * Fills a database with what the admin panel lists, for its benchmark and for trying the panel:
 * users (one admin among them), games, feedback with replies, sponsorships and audit entries. The
 * schema comes from the server's migrations, run first.
 *
 *   npx tsx scripts/seed-admin.ts --data-dir /tmp/sbc-seed       # PGlite in that folder (made if absent)
 *   DATABASE_URL=postgres://… npx tsx scripts/seed-admin.ts     # PostgreSQL
 *   options: --users 10000 --games 100000 --feedback 1000 --sponsorships 300 --audit 2000
 *
 * Without either it seeds a new PGlite folder under the system's temporary folder and prints it.
 * The admin signs in as `admin` / `admin-password`. With PGlite, stop the server on that folder
 * first. Seeding adds to what is there; run it on a fresh database for the figures of
 * docs/benchmarks.md.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@sbc/ai';
import { Game } from '@sbc/game';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { adminAudit, feedback, games, sponsorships, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/features/accounts/passwords.ts';
import { counts as countOptions, textOption } from './bench/cli.ts';

export interface SeedCounts {
  users: number;
  games: number;
  feedback: number;
  sponsorships: number;
  audit: number;
}

export const DEFAULT_COUNTS: SeedCounts = {
  users: 10_000,
  games: 100_000,
  feedback: 1_000,
  sponsorships: 300,
  audit: 2_000,
};

export const ADMIN = { username: 'admin', password: 'admin-password' };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;
const DAY = 86_400_000;

/** The same data at every run. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] };
}

const FIRST = [
  'Ada',
  'Ben',
  'Cleo',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kai',
  'Lea',
  'Mo',
  'Nia',
];
const LAST = [
  'Shah',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Reyes',
  'Novak',
  'Haddad',
  'Kowalski',
  'Iyer',
];
const FINISHED = ['checkmate', 'stalemate', 'draw', 'resigned', 'abandoned'] as const;
const WORDS =
  'love the shared boxes great game please add timers pawn rules confusing at first nice bots'.split(' ');

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Seeds the database of `url` (PostgreSQL) or `dataDir` (PGlite); answers what it added. */
export async function seedAdmin(
  where: { url?: string; dataDir?: string },
  counts: SeedCounts = DEFAULT_COUNTS,
  log: (line: string) => void = () => {},
): Promise<SeedCounts> {
  const database = await openDatabase(where);
  const { db } = database;
  const r = random(20250913);
  const now = Date.now();
  const run = now.toString(36);
  try {
    const started = Date.now();
    const passwordHash = await hashPassword(ADMIN.password);
    // The admin of an earlier seeding keeps its row: its rights and password are made sure of.
    const [admin] =
      (
        await db
          .update(users)
          .set({ isAdmin: true, passwordHash })
          .where(eq(users.username, ADMIN.username))
          .returning()
      ).length > 0
        ? await db.select().from(users).where(eq(users.username, ADMIN.username))
        : await db
            .insert(users)
            .values({ username: ADMIN.username, passwordHash, emailVerified: true, isAdmin: true })
            .returning();
    const userRows = Array.from({ length: counts.users - 1 }, (_, i) => {
      const createdAt = new Date(now - r.int(365 * DAY));
      // About 2% online now, the rest last seen over the past month.
      const seen = r.next() < 0.02 ? now - r.int(4 * 60_000) : now - r.int(30 * DAY);
      return {
        username: `seed_${run}_${i}`,
        email: r.next() < 0.8 ? `seed.${run}.${i}@example.com` : null,
        phone: r.next() < 0.3 ? `+1555${String(1_000_000 + i).slice(-7)}` : null,
        firstName: r.next() < 0.7 ? r.pick(FIRST) : null,
        lastName: r.next() < 0.7 ? r.pick(LAST) : null,
        emailVerified: true,
        isBlocked: r.next() < 0.01,
        createdAt,
        lastActivityAt: new Date(Math.max(seen, createdAt.getTime())),
      };
    });
    const ids: string[] = [admin.id];
    await insertAll(userRows, async (batch) => {
      const added = await db.insert(users).values(batch).returning({ id: users.id });
      ids.push(...added.map((u) => u.id));
    });
    log(`${ids.length} users in ${Date.now() - started} ms`);

    const t = Date.now();
    const created = Game.create({ mode: 'local' });
    if (!created.ok) throw new Error(created.error.message);
    const record = { ...created.value.toRecord(), pendingPromotion: null, clock: { white: 0, black: 0 } };
    const gameRows = Array.from({ length: counts.games }, () => {
      const mode = r.pick(['local', 'computer', 'online', 'online'] as const);
      // About 1% still being played, their last move a moment ago.
      const live = r.next() < 0.01;
      const createdAt = new Date(live ? now - r.int(3_600_000) : now - r.int(365 * DAY));
      const white = r.pick(ids);
      const black = mode === 'online' ? r.pick(ids) : null;
      const finished = r.pick(FINISHED);
      return {
        mode,
        ownerId: white,
        whitePlayerId: white,
        blackPlayerId: black,
        roomId: null,
        record: mode === 'computer' ? { ...record, humanColor: 'white', aiDifficulty: 'medium' } : record,
        status: live ? 'active' : finished,
        currentTurn: r.pick(['white', 'black']),
        winner: live || finished === 'draw' || finished === 'stalemate' ? null : r.pick(['white', 'black']),
        moveCount: r.int(120),
        createdAt,
        updatedAt: createdAt,
        lastMoveAt: live ? new Date(now - r.int(60_000)) : createdAt,
      };
    });
    await insertAll(gameRows, (batch) => db.insert(games).values(batch));
    log(`${gameRows.length} games in ${Date.now() - t} ms`);

    const roots: string[] = [];
    for (let i = 0; i < counts.feedback; i++) {
      const parentId = roots.length && r.next() < 0.4 ? r.pick(roots) : null;
      const words = Array.from({ length: 5 + r.int(30) }, () => r.pick(WORDS)).join(' ');
      const [row] = await db
        .insert(feedback)
        .values({
          name: `${r.pick(FIRST)} ${r.pick(LAST)}`,
          email: r.next() < 0.5 ? `fb${i}.${run}@example.com` : null,
          message: words,
          parentId,
          createdAt: new Date(now - (counts.feedback - i) * 60_000),
        })
        .returning({ id: feedback.id });
      if (!parentId) roots.push(row.id);
    }
    const sponsorRows = Array.from({ length: counts.sponsorships }, (_, i) => ({
      sponsorName: r.next() < 0.2 ? null : `${r.pick(FIRST)} ${r.pick(LAST)}`,
      sponsorEmail: r.next() < 0.5 ? `sponsor${i}.${run}@example.com` : null,
      amountCents: r.pick([500, 1000, 2500, 5000, 10_000, 50_000]),
      currency: r.pick(['USD', 'USD', 'INR', 'EUR']),
      status: r.pick(['completed', 'completed', 'completed', 'pending', 'failed']),
      message: r.next() < 0.5 ? 'Keep building!' : null,
      createdAt: new Date(now - r.int(365 * DAY)),
    }));
    await insertAll(sponsorRows, (batch) => db.insert(sponsorships).values(batch));
    const auditRows = Array.from({ length: counts.audit }, (_, i) => {
      const target = r.pick(ids);
      return {
        actorId: admin.id,
        actorUsername: ADMIN.username,
        action: r.pick(['user.block', 'user.unblock', 'user.promote', 'user.demote'] as const),
        targetId: target,
        targetLabel: `seed user ${i}`,
        createdAt: new Date(now - (counts.audit - i) * 3_600_000),
      };
    });
    await insertAll(auditRows, (batch) => db.insert(adminAudit).values(batch));
    log(`feedback, sponsorships and audit entries; ${Date.now() - started} ms in all`);
    return { ...counts };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = url ? undefined : (textOption('--data-dir') ?? mkdtempSync(join(tmpdir(), 'sbc-seed-')));
  const counts = countOptions(DEFAULT_COUNTS);
  console.log(`Seeding ${url ? 'PostgreSQL' : `PGlite in ${dataDir}`}: ${JSON.stringify(counts)}`);
  await seedAdmin({ url, dataDir }, counts, console.log);
  console.log(`Done. Sign in as ${ADMIN.username} / ${ADMIN.password}.`);
}
