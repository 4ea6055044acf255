import type { FastifyInstance, HTTPMethods } from 'fastify';
import { BODY_LIMIT } from '../src/app.ts';

/** mulberry32: a small seeded generator, so that a failing run can be replayed from its seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] };
}
export type Random = ReturnType<typeof random>;

export interface Route {
  method: HTTPMethods;
  url: string;
}

/** The app's routes, read from printRoutes' tree (`│   ├── /moves (GET, HEAD, POST)`). */
export function routeTable(app: FastifyInstance): Route[] {
  const path: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    path.length = node[1].length / 4;
    path.push(node[2]);
    for (const method of node[3]?.split(', ') ?? []) {
      routes.push({ method: method as HTTPMethods, url: path.join('') });
    }
  }
  return routes;
}

export interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const FIELDS = `username password email phone firstName lastName verificationCode newPassword
  confirmPassword currentPassword userId isBlocked isAdmin enabled message from to piece promotion
  moveNumber player action sacrifice accept isComputerGame humanPlayer aiDifficulty fen standard
  gameState status board winner q __proto__ constructor prototype toString`.split(/\s+/);

// biome-ignore format: values by kind, a line each
const STRINGS = [
  '', ' ', 'e2', 'e4', 'queen', 'king', 'undo', 'move', 'choose', 'white', 'a@b.co', '+14155550123', '123456',
  '\u0000', 'a\u0000b', '\u001b[31m', 'line\nbreak', '\u007f', '\u0085', '\ud800', '𝕏😀',
  "' OR '1'='1", "'; DROP TABLE users;--", '../../etc/passwd', '%00', '<script>x</script>', '{{7*7}}',
  '__proto__', 'x'.repeat(101), 'y'.repeat(5000),
];
const NUMBERS = [0, -1, 1, 1.5, 2 ** 53, 1e308, -1e308];
// biome-ignore format: values by kind, a line each
const SEGMENTS = [
  '', '%00', 'a%00b', '%1b', 'x'.repeat(150), '%E0%A4%A', '..%2F..%2Fetc', '%2e%2e', '%F0%9F%98%80',
  "1'%20OR%20'1'='1", '__proto__', 'constructor', '00000000-0000-0000-0000-000000000000',
];
// biome-ignore format: values by kind, a line each
const QUERIES = [
  '', '?q=', '?q=%00', '?q=a%1bb', '?q=a&q=b', '?q[a]=1', '?__proto__[x]=1', '?constructor=1',
  `?q=${'z'.repeat(300)}`, '?q=%E0%A4%A', '?code=%00&state=x', '?q=alice',
];
// biome-ignore format: values by kind, a line each
const TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'application/json; charset=utf-16', 'application/JSON', 'application/octet-stream', 'invalid', '',
];
const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const BROKEN_JSON = ['{', '{"a":', '[1,]', "{'a':1}", '{"a":NaN}', 'undefined', '\u0000', '{"a":"\\u0000"}'];

/** A JSON value of every type, nested at most `depth` deep. */
function value(r: Random, depth: number): unknown {
  switch (r.int(depth > 0 ? 7 : 5)) {
    case 0:
      return r.pick([null, true, false]);
    case 1:
      return r.pick(NUMBERS);
    case 2:
    case 3:
      return r.pick(STRINGS);
    case 4:
      return r.pick(FIELDS);
    case 5:
      return Array.from({ length: r.int(4) }, () => value(r, depth - 1));
    default:
      return object(r, depth - 1);
  }
}

/** Fields of the API's bodies, prototype keys among them, with values of any type. */
const object = (r: Random, depth: number) =>
  Object.fromEntries(Array.from({ length: 1 + r.int(6) }, () => [r.pick(FIELDS), value(r, depth)]));

function body(r: Random): string | undefined {
  switch (r.int(8)) {
    case 0:
      return undefined;
    case 1:
      return JSON.stringify(value(r, 3));
    case 2: {
      const depth = 1 + r.int(1600);
      return r.next() < 0.5
        ? '['.repeat(depth * 5) + ']'.repeat(depth * 5)
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    }
    case 3:
      return JSON.stringify({ [r.pick(FIELDS)]: 'x'.repeat(BODY_LIMIT - 100 + r.int(200)) });
    case 4:
      return r.pick(BROKEN_JSON);
    default:
      return JSON.stringify(object(r, 2));
  }
}

/** One malformed request: a route of the table (or none) with a broken path, query, method, type or body. */
export function fuzzRequest(r: Random, routes: Route[], ids: string[]): FuzzRequest {
  const route = r.pick(routes);
  const method = r.next() < 0.85 ? route.method : r.pick(METHODS);
  const segment = () => (r.next() < 0.5 ? r.pick(ids) : r.pick(SEGMENTS));
  let url = route.url.replace(':id', segment);
  if (r.next() < 0.05) url = `/api/${segment()}/${segment()}`;
  if (r.next() < 0.3) url += r.pick(QUERIES);
  const payload = method === 'GET' || method === 'HEAD' ? undefined : body(r);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = r.next() < 0.85 ? 'application/json' : r.pick(TYPES);
  if (r.next() < 0.05) headers.origin = 'https://evil.example';
  return { method, url, headers, payload };
}
