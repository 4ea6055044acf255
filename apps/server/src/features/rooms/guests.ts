import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { nameKey } from '@sbc/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, unauthorized } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { isRegisteredName } from '../accounts/users.ts';

export const GUEST_COOKIE = 'sbc_guest';
const GUEST_DAYS = 30;
const GUEST_ID = /^guest-[0-9a-f-]{36}$/;

/** Who acts in a room: a signed-in user, or a guest known by their signed cookie. */
export interface Player {
  /** The user's id, or the guest's (`guest-…`). */
  id: string;
  name: string;
  isGuest: boolean;
}

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** The cookie's value: the guest as base64url JSON, a dot, and its HMAC. */
function guestCookie(guest: Player, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ id: guest.id, name: guest.name })).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The guest a cookie names, if the server signed it; anything else is no guest at all. */
export function guestOf(cookie: string | undefined, secret: string): Player | null {
  const [payload, signed, extra] = cookie?.split('.') ?? [];
  if (!payload || !signed || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { id, name } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof id === 'string' && GUEST_ID.test(id) && typeof name === 'string') {
      return { id, name, isGuest: true };
    }
  } catch {}
  return null;
}

/** The caller: the signed-in user, else the guest of a valid cookie, else null. */
export function playerOf(request: FastifyRequest, secret: string): Player | null {
  if (request.user) return { id: request.user.id, name: request.user.username, isGuest: false };
  return guestOf(request.cookies[GUEST_COOKIE], secret);
}

export function requirePlayer(request: FastifyRequest, secret: string): Player {
  const player = playerOf(request, secret);
  if (!player) throw unauthorized();
  return player;
}

export const NAME_TAKEN = 'This name belongs to a registered player. Please choose another.';

/**
 * The caller about to take a seat. A visitor becomes a guest named `name` (400 `required` without
 * one; 409 `nameTaken` for a registered player's name) and gets the cookie; a guest who gives a new
 * name keeps their id under the new name.
 */
export async function seatTaker(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  name: string | undefined,
  required: string,
): Promise<Player> {
  const known = playerOf(request, services.secret);
  if (known && (!known.isGuest || !name || name === known.name)) return known;
  if (!name) throw badRequest(required);
  // Usernames are plain ASCII: a fullwidth 'ａｌｉｃｅ' is alice too.
  if (await isRegisteredName(services.database.db, nameKey(name))) {
    throw new HttpError(409, NAME_TAKEN, { code: 'nameTaken' });
  }
  const guest = { id: known?.id ?? `guest-${randomUUID()}`, name, isGuest: true };
  reply.setCookie(GUEST_COOKIE, guestCookie(guest, services.secret), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: services.config.NODE_ENV === 'production',
    expires: new Date(services.now().getTime() + GUEST_DAYS * 86_400_000),
  });
  return guest;
}
