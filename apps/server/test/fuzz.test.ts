import { ErrorResponse } from '@sbc/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { logMailer } from './accounts.ts';
import { fuzzRequest, random, routeTable } from './fuzz-requests.ts';
import { createGame } from './game-helpers.ts';
import { type Agent, ORIGIN, startServer, type TestServer } from './helpers.ts';

/**
 * Malformed requests over every route, signed in and not: no 500, no internals in any body, every
 * error in the API's shape (docs/api.md, Conventions), and the server healthy after. Another run:
 * FUZZ_SEED=<n> (a failure names its seed and request).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_913);
const COUNT = 10_000;

/** What no answer may show: a stack frame, a file path, SQL or a driver's words, Fastify's codes. */
const INTERNALS =
  /\bat .+:\d+:\d+|\/(work|home|usr|src|node_modules)\/|\.[jt]s:\d+|Failed query|violates|syntax error at|FST_|DrizzleQueryError/i;
/** An error body: `{ message, code? }`, or one of the few with fields docs/api.md names. */
const ErrorBody = z.strictObject({
  ...ErrorResponse.shape,
  maintenanceMode: z.literal(true).optional(),
  needsEmailVerification: z.literal(true).optional(),
  email: z.string().optional(),
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ mailer: logMailer(), env: { RATE_LIMIT_SCALE: '1000' } });
});
afterAll(() => server.close());

/** Why an answer breaks the rules above, or null. */
function fault(status: number, body: string, type: unknown): string | null {
  if (status >= 500 && status !== 503) return 'a server error';
  if (INTERNALS.test(body)) return 'internals in the body';
  if (status < 400 || body === '') return null;
  if (!String(type).startsWith('application/json')) return `an error of type ${type}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'an error that is not JSON';
  }
  if (!ErrorBody.safeParse(json).success) return 'an error not in the API shape';
  if (status === 503 && !/Google sign-in|maintenance/i.test(body)) return 'an undocumented 503';
  return null;
}

it(`survives ${COUNT} malformed requests (seed ${SEED})`, async () => {
  const routes = routeTable(server.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
  expect(routes.length).toBeGreaterThan(25);
  const [user, admin] = [await server.signedIn(), await server.signedIn({ isAdmin: true })];
  const ids = [(await createGame(user)).id, (await createGame(admin)).id];
  const identities: (Agent | null)[] = [null, user, admin];
  const r = random(SEED);
  for (let i = 0; i < COUNT; i++) {
    const request = fuzzRequest(r, routes, ids);
    const who = r.int(identities.length);
    const cookie = identities[who] && [...identities[who].cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await server.app.inject({
      ...request,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...request.headers },
    });
    const problem = fault(res.statusCode, res.body, res.headers['content-type']);
    if (problem) {
      const shown = JSON.stringify({ ...request, payload: request.payload?.slice(0, 300) });
      throw new Error(
        `FUZZ_SEED=${SEED}, request ${i} (${['a visitor', 'a user', 'an admin'][who]}): ${problem}\n${shown}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`,
      );
    }
    // A sign-out or a new sign-in ends the session the next requests would use.
    if (identities[who] && /\/api\/(logout|login|register)/.test(request.url) && res.statusCode < 300) {
      identities[who] = await server.signedIn({ isAdmin: who === 2 });
    }
  }
  expect((await server.agent().get('/healthz')).status).toBe(200);
}, 240_000);
