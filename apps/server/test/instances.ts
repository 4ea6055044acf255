import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type EventBus, localBus, redisBus } from '../src/events/bus.ts';
import { connectRedis } from '../src/redis.ts';
import { Agent, startServer, type TestServer, type TestServerOptions } from './helpers.ts';

/**
 * Two instances on one database, sharing their events as deployed: through Redis when REDIS_URL
 * is set, else through one in-process bus. `server.close()` stops both.
 */
export async function twoInstances(
  options: TestServerOptions = {},
): Promise<{ server: TestServer; other: FastifyInstance }> {
  const redisUrl = process.env.REDIS_URL;
  const shared = redisUrl ? null : localBus();
  const bus = shared ? async () => shared : redisGroup(redisUrl as string).bus;
  const server = await startServer({ ...options, bus: await bus() });
  return { server, other: await server.instance(await bus()) };
}

/**
 * One group of instances on the Redis at `url`, with channels and keys of its own: the maintenance
 * switch, a lobby's seek or a presence sweep of tests running beside them on the same Redis never
 * reach them.
 */
export function redisGroup(url: string): { bus: () => Promise<EventBus>; redis: () => Promise<Redis> } {
  const prefix = `sbc-test-${randomUUID()}:`;
  return { bus: () => redisBus(url, prefix), redis: () => connectRedis(url, prefix) };
}

/** The same client (its cookies) on another instance. */
export function on(app: FastifyInstance, agent: Agent): Agent {
  const moved = new Agent(() => app);
  for (const [name, value] of agent.cookies) moved.cookies.set(name, value);
  return moved;
}
