import { INACTIVITY_MINUTES } from '@sbc/game';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url({ error: 'must be a URL' }).optional())
  .optional();

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number (0-65535)' })
      .int({ error: 'must be a port number (0-65535)' })
      .min(0, { error: 'must be a port number (0-65535)' })
      .max(65535, { error: 'must be a port number (0-65535)' })
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Where the embedded database keeps its files when DATABASE_URL is not set. */
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Shared Box Chess <no-reply@sharedboxchess.local>'),
    /** The address players use; the Origin check and Google's redirect derive from it. */
    PUBLIC_URL: optionalUrl,
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /** The key the server signs with (guest cookies); without it, one kept in DATA_DIR. */
    APP_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** Multiplies the sign-in, registration and code rate limits (tests raise it). */
    RATE_LIMIT_SCALE: z.coerce.number({ error: 'must be a positive number' }).positive().default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: readable lines when the log goes to a terminal, JSON lines otherwise. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** Minutes without a move after which a game is abandoned. */
    INACTIVITY_MINUTES: z.coerce
      .number({ error: 'must be a number of minutes' })
      .positive()
      .default(INACTIVITY_MINUTES),
  })
  .refine((c) => !c.GOOGLE_CLIENT_ID === !c.GOOGLE_CLIENT_SECRET, {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    path: ['GOOGLE_CLIENT_ID'],
  });

export type Config = z.infer<typeof schema> & { publicUrl: string };

/** Reads the configuration from the environment; throws one error listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}
