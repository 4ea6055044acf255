/**
 * Shared request behaviour (docs/architecture.md §6): every call sends the cookies, a body goes as JSON
 * only when there is one, and a non-OK answer becomes an `HttpError` whose text is
 * `${status}: ${body text or statusText}`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }

  /** The `message` field of the server's JSON error body, when it has one. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return this.body || null;
    }
  }

  /** The server's JSON body, parsed, or null. */
  get json(): Record<string, unknown> | null {
    try {
      const parsed = JSON.parse(this.body) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}

/**
 * A message the server refused over the socket at /ws (its `error`: the same messages and codes as
 * the HTTP calls), or, with the code `disconnected`, a request that a lost socket left unanswered.
 */
export class LiveError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'LiveError';
  }
}

export const isUnauthorized = (error: unknown): boolean => error instanceof HttpError && error.status === 401;

/** The server's message for a failed call, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.serverMessage ?? fallback;
  if (error instanceof LiveError && error.code !== 'disconnected') return error.message;
  return fallback;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new HttpError(res.status, text, res.statusText);
  }
}

/** One call: JSON body when given, cookies always; the parsed JSON answer (null when empty). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Query parameters, the last segment of a key: absent and empty values are left out. */
export type QueryParams = Record<string, string | number | undefined>;

const isParams = (segment: unknown): segment is QueryParams =>
  typeof segment === 'object' && segment !== null;

/** The query key as a URL: its segments joined with '/', and a last object as the query string. */
export function keyToUrl(key: readonly unknown[]): string {
  const last = key[key.length - 1];
  if (!isParams(last)) return key.map(String).join('/');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(last))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const path = key.slice(0, -1).map(String).join('/');
  return search.size ? `${path}?${search}` : path;
}

/**
 * The default query function: GET the joined key and parse JSON. On 401 it throws, unless asked
 * to return null (the session check uses that).
 */
export function getQueryFn<T>(options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(keyToUrl(queryKey), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
