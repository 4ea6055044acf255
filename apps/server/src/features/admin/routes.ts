import {
  AdminUsersQuery,
  BlockUserRequest,
  type MessageResponse,
  UpdateAdminRequest,
  type User,
} from '@sbc/api';
import { desc, eq, gt, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { publicUser, setAdmin } from '../accounts/users.ts';

/** Online means active in the last 5 minutes (docs/api.md §4). */
export const ONLINE_MS = 5 * 60_000;
/** The users table shows at most this many rows; searching narrows it. */
const LIST_LIMIT = 500;

/** `%` and `_` in a search are letters, not wildcards. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin's calls on accounts: list and search, online users, block, admin rights. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;

  app.get<{ Querystring: AdminUsersQuery }>(
    '/api/admin/users',
    { schema: { querystring: AdminUsersQuery } },
    async (request): Promise<User[]> => {
      requireAdmin(request);
      const q = request.query.q;
      const rows = await db
        .select()
        .from(users)
        .where(
          q
            ? or(
                ilike(users.username, contains(q)),
                ilike(users.email, contains(q)),
                ilike(users.firstName, contains(q)),
                ilike(users.lastName, contains(q)),
              )
            : undefined,
        )
        .orderBy(desc(users.createdAt))
        .limit(LIST_LIMIT);
      return rows.map((u) => publicUser(u));
    },
  );

  app.get('/api/admin/online-users', async (request): Promise<User[]> => {
    requireAdmin(request);
    const since = new Date(app.services.now().getTime() - ONLINE_MS);
    const rows = await db
      .select()
      .from(users)
      .where(gt(users.lastActivityAt, since))
      .orderBy(desc(users.lastActivityAt));
    return rows.map((u) => publicUser(u));
  });

  app.post<{ Body: BlockUserRequest }>(
    '/api/admin/users/block',
    { schema: { body: BlockUserRequest } },
    async (request): Promise<MessageResponse> => {
      const admin = requireAdmin(request);
      const { userId, isBlocked } = request.body;
      if (userId === admin.id) throw badRequest('You cannot block yourself');
      const [user] = await db.update(users).set({ isBlocked }).where(eq(users.id, userId)).returning();
      if (!user) throw notFound('User not found');
      // A blocked user is signed out everywhere at once.
      if (isBlocked) await app.services.sessions.endOthers(userId, null);
      return { message: isBlocked ? 'User blocked' : 'User unblocked' };
    },
  );

  app.post<{ Body: UpdateAdminRequest }>(
    '/api/admin/users/update-admin',
    { schema: { body: UpdateAdminRequest } },
    async (request): Promise<MessageResponse & { user: User }> => {
      const admin = requireAdmin(request);
      const { userId, isAdmin } = request.body;
      // An admin keeps their own rights, so the last admin cannot lock everyone out.
      if (userId === admin.id && !isAdmin) throw badRequest('You cannot remove your own admin rights');
      const user = await setAdmin(db, { id: userId }, isAdmin);
      if (!user) throw notFound('User not found');
      await app.services.sessions.changed(userId);
      return {
        message: isAdmin ? 'User is now an admin' : 'User is no longer an admin',
        user: publicUser(user),
      };
    },
  );
}
