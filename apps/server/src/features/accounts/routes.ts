import type { FastifyInstance } from 'fastify';
import { emailChangeRoutes } from './email-change.ts';
import { googleRoutes } from './google.ts';
import { profileRoutes } from './profile.ts';
import { recoveryRoutes } from './recovery.ts';
import { signInRoutes } from './sign-in.ts';

/** Accounts: sign-in and registration, codes, Google, profile, email change and password. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(signInRoutes);
  await app.register(recoveryRoutes);
  await app.register(googleRoutes);
  await app.register(profileRoutes);
  await app.register(emailChangeRoutes);
}
