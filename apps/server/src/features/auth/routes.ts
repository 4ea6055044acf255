import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { googleRoutes } from './google.ts';
import { recoveryRoutes } from './recovery.ts';
import { signInRoutes } from './sign-in.ts';

/** Accounts: sign-in and registration, codes, Google, profile and password. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(signInRoutes);
  await app.register(recoveryRoutes);
  await app.register(googleRoutes);
  await app.register(accountRoutes);
}
