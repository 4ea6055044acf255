import {
  AdminPageQuery,
  type NewSponsorship,
  type PageQuery,
  type Sponsorship,
  type SponsorshipPage,
} from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { pageNewest } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { sponsorships } from '../../db/schema.ts';

type SponsorshipRow = typeof sponsorships.$inferSelect;

export const sponsorshipView = (row: SponsorshipRow): Sponsorship => ({
  id: row.id,
  sponsorName: row.sponsorName,
  sponsorEmail: row.sponsorEmail,
  amount: row.amountCents,
  currency: row.currency,
  status: row.status,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

/** Records a sponsorship (the admin CLI's `sponsorship add`); the input is checked with `NewSponsorship`. */
export async function addSponsorship(
  db: Db,
  input: Partial<Pick<z.output<typeof NewSponsorship>, 'sponsorName' | 'sponsorEmail' | 'message'>> &
    Pick<z.output<typeof NewSponsorship>, 'amountCents' | 'currency' | 'status'>,
  now = new Date(),
): Promise<Sponsorship> {
  const [row] = await db
    .insert(sponsorships)
    .values({
      sponsorName: input.sponsorName ?? null,
      sponsorEmail: input.sponsorEmail ?? null,
      amountCents: input.amountCents,
      currency: input.currency,
      status: input.status,
      message: input.message ?? null,
      createdAt: now,
    })
    .returning();
  return sponsorshipView(row);
}

/** The sponsorships, newest first. */
export async function listSponsorships(db: Db, query: PageQuery): Promise<SponsorshipPage> {
  return pageNewest(db, sponsorships, query, sponsorshipView);
}

/** `GET /api/admin/sponsorships`. */
export async function sponsorshipRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  app.get<{ Querystring: PageQuery }>(
    '/api/admin/sponsorships',
    { schema: { querystring: AdminPageQuery } },
    async (request) => listSponsorships(db, request.query),
  );
}
