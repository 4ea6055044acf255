import type { FastifyInstance } from 'fastify';
import { type EventBus, localBus, redisBus } from '../src/events/bus.ts';
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
  const bus = async (): Promise<EventBus> => shared ?? redisBus(redisUrl as string);
  const server = await startServer({ ...options, bus: await bus() });
  return { server, other: await server.instance(await bus()) };
}

/** The same client (its cookies) on another instance. */
export function on(app: FastifyInstance, agent: Agent): Agent {
  const moved = new Agent(() => app);
  for (const [name, value] of agent.cookies) moved.cookies.set(name, value);
  return moved;
}
