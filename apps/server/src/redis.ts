import { Redis } from 'ioredis';

/** A connected client: a wrong REDIS_URL stops the start instead of failing requests later. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  return redis;
}
