/**
 * Room presence (docs/architecture.md §5, "Presence across instances"): who shows connected, and
 * how many watch. In process it follows this instance's sockets; in Redis each instance's counts
 * live as long as its heartbeat, so a dead instance's players show disconnected within
 * PRESENCE_TTL_MS + PRESENCE_BEAT_MS.
 */
import { randomUUID } from 'node:crypto';
import type { Room } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceChange, RoomPresence } from '../src/features/rooms/presence.ts';
import { PRESENCE_BEAT_MS, PRESENCE_TTL_MS, redisPresence } from '../src/features/rooms/presence-redis.ts';
import { startServer, type TestServer } from './helpers.ts';
import { redisGroup } from './instances.ts';
import { LiveClient, listen } from './live-helpers.ts';

const { DATABASE_URL, REDIS_URL } = process.env;
const log = pino({ level: 'silent' });
/** What the sweep's answer takes to reach a socket: the room read from the database, then the bus. */
const DELIVERY_MS = 1000;

const connections = (room: Room) => room.players.map((p) => p.connected);

/** A host (signed in) and a guest seated in a room of `server`'s database, its code and game. */
async function seatedRoom(server: TestServer) {
  const host = await server.signedIn();
  const { code } = (await host.post('/api/rooms')).body;
  const guest = server.agent();
  const joined = await guest.post('/api/rooms/join', { roomCode: code, guestName: 'Bob' });
  return { host, guest, code: code as string, gameId: joined.body.gameId as string };
}

describe('presence in process', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startServer();
    url = await listen(server.app);
  });
  afterAll(() => server.close());

  it('shows a player connected while any of their sockets is in the room, and counts each spectator socket', async () => {
    const { host, guest, code, gameId } = await seatedRoom(server);
    const a = await LiveClient.as(url, host);
    await a.ask({ type: 'room:join', code }, 'room:state');
    const tabs = [await LiveClient.as(url, guest), await LiveClient.as(url, guest)];
    for (const tab of tabs) await tab.ask({ type: 'game:watch', gameId }, 'game:state');
    await a.next('room:update', ({ room }) => connections(room).every(Boolean));
    a.drain();

    tabs[0].close();
    expect(connections((await a.next('room:update')).room)).toEqual([true, true]);
    tabs[1].close();
    expect(connections((await a.next('room:update')).room)).toEqual([true, false]);

    const watcher = await server.signedIn();
    const watching = [await LiveClient.as(url, watcher), await LiveClient.as(url, watcher)];
    for (const w of watching) await w.ask({ type: 'game:watch', gameId }, 'game:state');
    expect((await a.next('game:spectators', (m) => m.count === 2)).gameId).toBe(gameId);
    a.drain();
    watching[0].close();
    expect((await a.next('game:spectators')).count).toBe(1);
    expect((await server.agent().get(`/api/rooms/${code}`)).body.spectators).toBe(1);
  });
});

describe.skipIf(!REDIS_URL)('presence in Redis (needs REDIS_URL)', () => {
  it("counts a stalled instance's sockets again after another instance swept them", async () => {
    const { redis } = redisGroup(REDIS_URL as string);
    const [stalledRedis, otherRedis, apartRedis] = await Promise.all([
      redis(),
      redis(),
      redisGroup(REDIS_URL as string).redis(),
    ]);
    const stalledId = randomUUID();
    const roomId = randomUUID();
    const stalled = redisPresence(stalledRedis, log, { instance: stalledId });
    const other = redisPresence(otherRedis, log);
    // An instance of another group on the same Redis, lapsed too: the sweep is its own group's.
    const apartId = randomUUID();
    const apart = redisPresence(apartRedis, log, { instance: apartId });
    const told: PresenceChange[] = [];
    let swept: RoomPresence | null = null;
    let lapse: NodeJS.Timeout | undefined;
    const change = { roomId, players: true, spectators: true };
    try {
      await stalled.start(async (changes) => void told.push(...changes.filter((c) => c.roomId === roomId)));
      // Half a beat apart, so that the other sweeps well after each of the stalled one's beats.
      await new Promise((wait) => setTimeout(wait, PRESENCE_BEAT_MS / 2));
      await other.start(async (changes) => {
        if (!changes.some((c) => c.roomId === roomId) || swept) return;
        clearInterval(lapse);
        swept = await other.of(roomId);
      });
      await apart.start(async () => {});
      await apart.count(roomId, 'player-2', 1);
      await stalled.count(roomId, 'player-1', 1);
      await stalled.count(roomId, null, 1);
      const present = { connected: new Set(['player-1']), spectators: 1, absent: new Map() };
      expect(await other.of(roomId)).toEqual(present);

      // Its heartbeat lapses again and again, as while its process is frozen, until the other
      // instance sweeps it.
      const lapsedAt = Date.now();
      lapse = setInterval(() => {
        void otherRedis.del(`sbc:presence:alive:${stalledId}`);
        void apartRedis.del(`sbc:presence:alive:${apartId}`);
      }, 50);
      await expect
        .poll(() => swept, { timeout: 5 * PRESENCE_BEAT_MS })
        .toEqual({
          connected: new Set(),
          spectators: 0,
          absent: new Map([['player-1', expect.any(Number)]]),
        });
      expect((swept as RoomPresence | null)?.absent.get('player-1')).toBeGreaterThanOrEqual(lapsedAt);
      expect(await apart.of(roomId)).toEqual({
        connected: new Set(['player-2']),
        spectators: 0,
        absent: new Map(),
      });
      // Its next heartbeat finds it swept: it writes its counts again and says so.
      await expect
        .poll(() => other.of(roomId), { timeout: 2 * PRESENCE_BEAT_MS + DELIVERY_MS })
        .toEqual(present);
      expect(told).toContainEqual(change);

      // A player's socket on another instance keeps them present; their last socket's going, absent.
      await other.count(roomId, 'player-1', 1);
      await stalled.count(roomId, 'player-1', -1);
      expect((await other.of(roomId)).absent).toEqual(new Map());
      const goneAt = Date.now();
      await other.count(roomId, 'player-1', -1);
      await stalled.count(roomId, null, -1);
      const gone = await other.of(roomId);
      expect(gone).toMatchObject({ connected: new Set(), spectators: 0 });
      expect(gone.absent.get('player-1')).toBeGreaterThanOrEqual(goneAt);
    } finally {
      clearInterval(lapse);
      await Promise.all([stalled.stop(), other.stop(), apart.stop()]);
      for (const client of [stalledRedis, otherRedis, apartRedis]) client.disconnect();
    }
  });
});

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  'presence across two instances on PostgreSQL and Redis (needs DATABASE_URL and REDIS_URL)',
  () => {
    let server: TestServer;
    let doomed: FastifyInstance;
    let urls: { survivor: string; doomed: string };
    beforeAll(async () => {
      const { bus, redis } = redisGroup(REDIS_URL as string);
      server = await startServer({ bus: await bus(), redis: await redis() });
      doomed = await server.instance(await bus(), await redis());
      urls = { survivor: await listen(server.app), doomed: await listen(doomed) };
    });
    afterAll(() => server.close());

    it('shows a dead instance’s player disconnected within the heartbeat’s time, and connected again on another instance', async () => {
      const { host, guest, code, gameId } = await seatedRoom(server);
      const a = await LiveClient.as(urls.survivor, host);
      await a.ask({ type: 'room:join', code }, 'room:state');
      const b = await LiveClient.as(urls.doomed, guest);
      await b.ask({ type: 'game:watch', gameId }, 'game:state');
      const watcher = await LiveClient.as(urls.doomed, await server.signedIn());
      await watcher.ask({ type: 'game:watch', gameId }, 'game:state');
      await a.next('room:update', ({ room }) => connections(room).every(Boolean));
      await a.next('game:spectators', (m) => m.count === 1);
      a.drain();

      // Death without goodbye: its Redis and its bus cut first, so that the leave path its
      // sockets' end starts reaches nobody, as with a killed process; then the connections drop.
      const diedAt = Date.now();
      doomed.services.redis?.disconnect();
      await doomed.services.bus.close();
      for (const client of [b, watcher]) client.ws.terminate();

      const waitMs = 3 * (PRESENCE_TTL_MS + PRESENCE_BEAT_MS);
      const { room } = await a.next('room:update', () => true, waitMs);
      const tookMs = Date.now() - diedAt;
      expect(connections(room)).toEqual([true, false]);
      expect(tookMs).toBeLessThan(PRESENCE_TTL_MS + PRESENCE_BEAT_MS + DELIVERY_MS);
      // Absent since the sweep saw it go: after the death, within the time the sweep took.
      expect(room.players[1].absentSince).toBeGreaterThanOrEqual(diedAt);
      expect(room.players[1].absentSince).toBeLessThanOrEqual(diedAt + tookMs);
      expect((await a.next('game:spectators')).count).toBe(0);
      console.info(`[presence] a dead instance's player showed disconnected after ${tookMs} ms`);

      const back = await LiveClient.as(urls.survivor, guest);
      await back.ask({ type: 'game:watch', gameId }, 'game:state');
      const { room: again } = await a.next('room:update');
      expect(connections(again)).toEqual([true, true]);
      expect(again.players[1].absentSince).toBeNull();
      expect(a.drain()).toEqual([]);
    });
  },
);
