import { isIP } from 'node:net';
import { INACTIVITY_MINUTES } from '@sbc/game';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url({ error: 'must be a URL' }).optional())
  .optional();

/** An address, a CIDR range, or one of proxy-addr's names for the usual private ranges. */
const isProxy = (entry: string) => {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (bits === undefined) return family > 0 || ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
  return family > 0 && extra === undefined && /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Whose X-Forwarded-* headers to believe (Fastify's `trustProxy`): nobody's by default, since any
 * client can write them; a hop count, or the proxies' addresses.
 */
const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxy(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or proxy addresses and CIDR ranges, not ${bad.map((e) => JSON.stringify(e)).join(', ')}`,
      });
    }
    return entries;
  });

/** A positive whole number of the socket layer's limits (features/live/limits.ts). */
const count = (fallback: number) =>
  z.coerce.number({ error: 'must be a positive whole number' }).int().positive().default(fallback);

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
    /** The key of the codes' HMAC; without it, DATA_DIR/secret (secret.ts). */
    APP_SECRET: z
      .string()
      .trim()
      .transform((v) => v || undefined)
      .pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional())
      .optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Shared Box Chess <no-reply@sharedboxchess.local>'),
    /** The address players use; the Origin check and Google's redirect derive from it. */
    PUBLIC_URL: optionalUrl,
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    TRUST_PROXY: trustProxy,
    /** Multiplies the sign-in, registration, code, feedback and new-game limits, the live-game cap too (tests raise it). */
    RATE_LIMIT_SCALE: z.coerce.number({ error: 'must be a positive number' }).positive().default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: readable lines when the log goes to a terminal, JSON lines otherwise. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** Minutes without a move after which a game is abandoned. */
    INACTIVITY_MINUTES: z.coerce
      .number({ error: 'must be a number of minutes' })
      .positive()
      .default(INACTIVITY_MINUTES),
    /** The socket layer (docs/api.md §7): caps, budgets and the keep-alive. */
    LIVE_SOCKETS_PER_ADDRESS: count(100),
    LIVE_SOCKETS_PER_PLAYER: count(10),
    LIVE_SOCKET_MESSAGES: count(20),
    LIVE_SOCKET_SYNCS: count(5),
    LIVE_ADDRESS_MESSAGES: count(200),
    LIVE_PING_MS: count(25_000),
    LIVE_PONG_MS: count(60_000),
    LIVE_BUFFERED_BYTES: count(1024 * 1024),
  })
  .refine((c) => !c.GOOGLE_CLIENT_ID === !c.GOOGLE_CLIENT_SECRET, {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    path: ['GOOGLE_CLIENT_ID'],
  })
  // Instances sharing a database must share the key too; a file per instance would not be shared.
  .refine((c) => c.APP_SECRET || !c.DATABASE_URL || c.NODE_ENV !== 'production', {
    message:
      'required in production with DATABASE_URL, the same for every instance (at least 32 characters, e.g. from `openssl rand -base64 32`)',
    path: ['APP_SECRET'],
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
