import {
  AdminPageQuery,
  type AdminUserPage,
  AdminUsersQuery,
  BlockUserRequest,
  type MessageResponse,
  type PageQuery,
  TosViolationRequest,
  UpdateAdminRequest,
  type User,
} from '@sbc/api';
import { count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../common/audit.ts';
import { contains, offsetOf, pageOf, toCount } from '../../common/paging.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { publicUser, setAdmin } from '../accounts/users.ts';

/** Online means active in the last 5 minutes (docs/api.md §4). */
export const ONLINE_MS = 5 * 60_000;

/** The admin's calls on accounts: list and search, online users, block, admin rights, terms violations. */
export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { db } = services.database;

  /**
   * A page of users matching `where`, in `order`, and how many match. A search reads the table
   * once, the count alongside the rows (a window); a list on an index of its order reads only its
   * page and counts apart.
   */
  async function userPage(
    query: PageQuery,
    where: SQL | undefined,
    order: SQL,
    { search = false } = {},
  ): Promise<AdminUserPage> {
    const counted = () => db.select({ total: count() }).from(users).where(where);
    if (search) {
      const rows = await db
        .select({ user: users, total: sql<number>`count(*) over ()` })
        .from(users)
        .where(where)
        .orderBy(order, desc(users.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      // Past the last page no row carries the count.
      const total = rows.length ? rows[0].total : (await counted())[0].total;
      return pageOf(
        query,
        toCount(total),
        rows.map((r) => publicUser(r.user)),
      );
    }
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(order, desc(users.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      counted(),
    ]);
    return pageOf(
      query,
      toCount(total),
      rows.map((u) => publicUser(u)),
    );
  }

  app.get<{ Querystring: AdminUsersQuery }>(
    '/api/admin/users',
    { schema: { querystring: AdminUsersQuery } },
    async (request): Promise<AdminUserPage> => {
      const { q } = request.query;
      const where = q
        ? or(
            ilike(users.username, contains(q)),
            ilike(users.email, contains(q)),
            ilike(users.firstName, contains(q)),
            ilike(users.lastName, contains(q)),
          )
        : undefined;
      return userPage(request.query, where, desc(users.createdAt), { search: Boolean(q) });
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/admin/online-users',
    { schema: { querystring: AdminPageQuery } },
    async (request): Promise<AdminUserPage> => {
      const since = new Date(services.now().getTime() - ONLINE_MS);
      return userPage(request.query, gt(users.lastActivityAt, since), desc(users.lastActivityAt));
    },
  );

  app.post<{ Body: BlockUserRequest }>(
    '/api/admin/users/block',
    { schema: { body: BlockUserRequest } },
    async (request): Promise<MessageResponse> => {
      const admin = requireAdmin(request);
      const { userId, isBlocked } = request.body;
      if (userId === admin.id) throw badRequest('You cannot block yourself');
      const username = await db.transaction(async (tx) => {
        const [user] = await tx.update(users).set({ isBlocked }).where(eq(users.id, userId)).returning();
        if (!user) throw notFound('User not found');
        const target = { id: user.id, label: user.username };
        await recordAudit(tx, admin, isBlocked ? 'user.block' : 'user.unblock', target, null, services.now());
        return user.username;
      });
      // A blocked user is signed out everywhere at once.
      if (isBlocked) await services.sessions.endOthers(userId, null);
      return { message: `User ${username} ${isBlocked ? 'blocked' : 'unblocked'}` };
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
      const user = await db.transaction(async (tx) => {
        const changed = await setAdmin(tx, { id: userId }, isAdmin);
        if (!changed) throw notFound('User not found');
        const target = { id: changed.id, label: changed.username };
        await recordAudit(tx, admin, isAdmin ? 'user.promote' : 'user.demote', target, null, services.now());
        return changed;
      });
      await services.sessions.changed(userId);
      return {
        message: isAdmin ? 'User is now an admin' : 'User is no longer an admin',
        user: publicUser(user),
      };
    },
  );

  app.post<{ Body: TosViolationRequest }>(
    '/api/admin/users/tos-violation',
    { schema: { body: TosViolationRequest } },
    async (request): Promise<MessageResponse & { user: User }> => {
      const admin = requireAdmin(request);
      const { userId, tosViolation } = request.body;
      const user = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ tosViolation })
          .where(eq(users.id, userId))
          .returning();
        if (!changed) throw notFound('User not found');
        const action = tosViolation ? 'user.tos-violation' : 'user.tos-clear';
        await recordAudit(
          tx,
          admin,
          action,
          { id: changed.id, label: changed.username },
          null,
          services.now(),
        );
        return changed;
      });
      // Off (or back on) this instance's leaderboards at once; the others' within their cache's age.
      services.leaderboards.drop();
      await services.sessions.changed(userId);
      return {
        message: tosViolation
          ? `User ${user.username} marked as violating the terms`
          : `User ${user.username} no longer marked as violating the terms`,
        user: publicUser(user),
      };
    },
  );
}
