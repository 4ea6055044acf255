import type { MaintenanceResponse } from '@sbc/api';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { settings, type UserRow, users } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { EventBus } from '../../events/bus.ts';

export const MAINTENANCE_KEY = 'maintenance_mode';
export const DEFAULT_MAINTENANCE_MESSAGE = 'System is under maintenance. Please try again later.';

/** docs/api.md §6: the setting is JSON `{enabled, message}`; a plain 'true' is tolerated too. */
export function readMaintenanceValue(value: unknown): MaintenanceResponse {
  if (value === true || value === 'true') {
    return { maintenanceMode: true, message: DEFAULT_MAINTENANCE_MESSAGE };
  }
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const message = typeof v.message === 'string' && v.message.trim() ? v.message : DEFAULT_MAINTENANCE_MESSAGE;
  return { maintenanceMode: v.enabled === true || v.enabled === 'true', message };
}

export async function readMaintenance(db: Db): Promise<MaintenanceResponse> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MAINTENANCE_KEY)).limit(1);
  return readMaintenanceValue(row?.value);
}

export async function writeMaintenance(
  db: Db,
  enabled: boolean,
  message: string | undefined,
  now: Date,
): Promise<MaintenanceResponse> {
  const value = { enabled, message: message || DEFAULT_MAINTENANCE_MESSAGE };
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return { maintenanceMode: enabled, message: value.message };
}

/**
 * Maintenance was switched on or off: a cue, carrying nothing, for every instance to tell its open
 * sockets what its own database now says (live/routes.ts). An instance of another deployment on
 * the same Redis hears the cue too, and tells its pages its own setting, unchanged.
 */
export const maintenanceEvents = (bus: EventBus) => bus.channel<Record<string, never>>('maintenance');

/**
 * Tells every open page of the switch. The setting is stored first, so a lost event only leaves a
 * page to its next poll of GET /api/maintenance.
 */
export async function tellMaintenance(bus: EventBus, log: FastifyBaseLogger): Promise<void> {
  await maintenanceEvents(bus)
    .publish({})
    .catch((err) => log.warn({ err }, 'maintenance event not published'));
}

/** 503 with `maintenanceMode: true` while maintenance is on; admins are never blocked, guests (null) are. */
export async function refuseDuringMaintenance(db: Db, user: Pick<UserRow, 'isAdmin'> | null): Promise<void> {
  if (!user?.isAdmin) refuseIfOn(await readMaintenance(db));
}

/** The 503 of a setting already read. */
export function refuseIfOn(maintenance: MaintenanceResponse): void {
  if (maintenance.maintenanceMode) throw new HttpError(503, maintenance.message, { maintenanceMode: true });
}

/**
 * The same refusal for a game a room starts (a second player sits down, a rematch is accepted):
 * a user's admin rights are read only while maintenance is on. A game already under way is never
 * refused: its moves, draws and resignations go on.
 */
export async function refuseRoomGameDuringMaintenance(
  db: Db,
  player: { id: string; isGuest: boolean },
): Promise<void> {
  const maintenance = await readMaintenance(db);
  if (!maintenance.maintenanceMode) return;
  if (!player.isGuest) {
    const [user] = await db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, player.id))
      .limit(1);
    if (user?.isAdmin) return;
  }
  throw new HttpError(503, maintenance.message, { maintenanceMode: true });
}
