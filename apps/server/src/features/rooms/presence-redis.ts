import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  ABSENCE_KEPT_MS,
  LocalCounts,
  type Presence,
  type PresenceChange,
  presenceKey,
  roomPresence,
} from './presence.ts';

/** Every instance renews its heartbeat, then sweeps the instances whose heartbeat lapsed, every 2 s. */
export const PRESENCE_BEAT_MS = 2000;
/** A heartbeat lapses 6 s after its last renewal (three beats missed): a dead instance's sockets show gone within 8 s. */
export const PRESENCE_TTL_MS = 6000;

const PREFIX = 'sbc:presence:';
/** The instances that have counts, each known alive by its heartbeat key. */
const INSTANCES = `${PREFIX}instances`;
const heartbeat = (instance: string) => `${PREFIX}alive:${instance}`;
/** The rooms in which an instance has counts, so that a sweep finds them. */
const roomsOf = (instance: string) => `${PREFIX}rooms:${instance}`;
/** A room's counts: `<instance>:<presenceKey>` to that instance's sockets. */
const roomKey = (roomId: string) => `${PREFIX}room:${roomId}`;
/** A room's absent players: player id to since when (ms since the epoch). */
const absentKey = (roomId: string) => `${PREFIX}absent:${roomId}`;

/**
 * `noteAbsent`: notes each of `players` absent at `now` in the room's absences (`absent`, kept
 * `kept` ms) unless some instance still counts them in the room's counts (`room`). Shared by the
 * sweep and a socket's going.
 */
const NOTE_ABSENT = `local function noteAbsent(room, absent, now, kept, players)
  local fields = redis.call('HKEYS', room)
  for _, player in ipairs(players) do
    local suffix, present = ':p:' .. player, false
    for _, field in ipairs(fields) do
      if string.sub(field, -#suffix) == suffix then present = true end
    end
    if not present then
      redis.call('HSET', absent, player, now)
      redis.call('PEXPIRE', absent, kept)
    end
  end
end
`;

/**
 * A player's last socket on this instance went (KEYS: the room's counts and absences; ARGV: now,
 * kept, the player, this instance's field): its count goes, and it is absent unless another
 * instance has it.
 */
const GONE = `${NOTE_ABSENT}
redis.call('HDEL', KEYS[1], ARGV[4])
noteAbsent(KEYS[1], KEYS[2], ARGV[1], ARGV[2], { ARGV[3] })`;

/**
 * Takes away the counts of every instance whose heartbeat lapsed but the caller's (ARGV[2]: a
 * running instance is alive whatever its key says), in one atomic step, so that two instances
 * sweeping at once never both clear (nor both announce) one instance; the players it took away
 * are absent from ARGV[3] (kept ARGV[4] ms) unless another instance has them. Returns, for each
 * room changed, its id, then 1 or 0: whether players, and whether spectators, were taken away.
 */
const SWEEP = `${NOTE_ABSENT}
local prefix, caller, now, kept = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local changed = {}
for _, id in ipairs(redis.call('SMEMBERS', prefix .. 'instances')) do
  if id ~= caller and redis.call('EXISTS', prefix .. 'alive:' .. id) == 0 then
    redis.call('SREM', prefix .. 'instances', id)
    local mine = id .. ':'
    for _, room in ipairs(redis.call('SMEMBERS', prefix .. 'rooms:' .. id)) do
      local key = prefix .. 'room:' .. room
      local gone, spectators = {}, 0
      for _, field in ipairs(redis.call('HKEYS', key)) do
        if string.sub(field, 1, #mine) == mine then
          redis.call('HDEL', key, field)
          local counted = string.sub(field, #mine + 1)
          if counted == 's' then spectators = 1 else table.insert(gone, string.sub(counted, 3)) end
        end
      end
      noteAbsent(key, prefix .. 'absent:' .. room, now, kept, gone)
      table.insert(changed, room)
      table.insert(changed, #gone > 0 and 1 or 0)
      table.insert(changed, spectators)
    end
    redis.call('DEL', prefix .. 'rooms:' .. id)
  end
end
return changed`;

/** The sweep's answer: for each room changed, its id, then 1 or 0 for players and for spectators. */
type Swept = (string | number)[];

/** A field's presenceKey: what follows the instance id (a UUID, without ':'). */
const keyOfField = (field: string) => field.slice(field.indexOf(':') + 1);

/**
 * In Redis, shared by every instance: each writes its own counts and keeps them alive with a
 * heartbeat, and each sweeps the counts of instances that stopped beating (killed, frozen, cut off).
 */
export function redisPresence(
  redis: Redis,
  log: FastifyBaseLogger,
  { instance = randomUUID(), now = Date.now }: { instance?: string; now?: () => number } = {},
): Presence {
  const local = new LocalCounts();
  const mine = (key: string) => `${instance}:${key}`;
  let changed: (changes: PresenceChange[]) => Promise<void> = async () => {};
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | null = null;
  let registered = false;
  // The sweep's keys are made in Lua, where the client's prefix is not added: it goes in whole.
  const sweptPrefix = (redis.options.keyPrefix ?? '') + PREFIX;

  /** Sweeps the lapsed instances but `caller`, and says what changed. */
  async function sweep(caller: string): Promise<void> {
    const flat = (await redis.eval(SWEEP, 0, sweptPrefix, caller, now(), ABSENCE_KEPT_MS)) as Swept;
    const changes: PresenceChange[] = [];
    for (let i = 0; i < flat.length; i += 3) {
      changes.push({ roomId: String(flat[i]), players: flat[i + 1] === 1, spectators: flat[i + 2] === 1 });
    }
    if (changes.length) await changed(changes);
  }

  /** Writes every count of this instance again: another instance swept it while it was stalled. */
  async function restore(): Promise<void> {
    if (!local.rooms.size) return;
    const tx = redis.multi();
    for (const [roomId, counts] of local.rooms) {
      tx.sadd(roomsOf(instance), roomId);
      for (const [key, count] of counts) {
        tx.hset(roomKey(roomId), mine(key), count);
        if (key !== 's') tx.hdel(absentKey(roomId), key.slice(2));
      }
    }
    await tx.exec();
    await changed(
      [...local.rooms].map(([roomId, counts]) => ({
        roomId,
        players: [...counts.keys()].some((key) => key !== 's'),
        spectators: counts.has('s'),
      })),
    );
  }

  async function beat(): Promise<void> {
    const answers = await redis
      .multi()
      .sadd(INSTANCES, instance)
      .set(heartbeat(instance), '1', 'PX', PRESENCE_TTL_MS)
      .exec();
    const added = answers?.[0]?.[1] === 1;
    if (added && registered) await restore();
    registered = true;
    await sweep(instance);
  }

  return {
    async count(roomId, playerId, delta) {
      const key = presenceKey(playerId);
      const count = local.add(roomId, key, delta);
      // One connection sends commands in order: the last one written is this instance's count now.
      const tx = redis.multi();
      if (count) tx.hset(roomKey(roomId), mine(key), count).sadd(roomsOf(instance), roomId);
      else if (playerId === null) tx.hdel(roomKey(roomId), mine(key));
      else tx.eval(GONE, 2, roomKey(roomId), absentKey(roomId), now(), ABSENCE_KEPT_MS, playerId, mine(key));
      if (playerId !== null && delta === 1) tx.hdel(absentKey(roomId), playerId);
      if (!local.rooms.has(roomId)) tx.srem(roomsOf(instance), roomId);
      await tx.exec();
    },
    async of(roomId) {
      const [fields, absent] = await Promise.all([
        redis.hgetall(roomKey(roomId)),
        redis.hgetall(absentKey(roomId)),
      ]);
      const numbers = (hash: Record<string, string>) =>
        Object.entries(hash).map(([field, value]): [string, number] => [field, Number(value)]);
      return roomPresence(numbers(fields), numbers(absent), keyOfField);
    },
    async start(onChange) {
      changed = onChange;
      // Registered and alive before any socket counts in: a crash then never leaves counts unswept.
      await beat();
      timer = setInterval(() => {
        beating ??= beat()
          .catch((err) => log.warn({ err }, 'presence heartbeat failed'))
          .finally(() => {
            beating = null;
          });
      }, PRESENCE_BEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await beating;
      try {
        // Gone now rather than when the heartbeat lapses: a sweep as nobody's takes this
        // instance's counts too, should any be left.
        await redis.del(heartbeat(instance));
        await sweep('');
      } catch (err) {
        log.warn({ err }, 'presence not taken away; it lapses with the heartbeat');
      }
    },
  };
}
