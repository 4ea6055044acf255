/**
 * A seeker's instance dies (docs/architecture.md, "The lobby"): two built server instances on one
 * PostgreSQL database and one Redis. A guest seeks in a pool with its socket on the first, which
 * is then killed with SIGKILL, taking the socket with it; within 10 s the second no longer counts
 * the seeker in the pool. No browser: liveness is the servers' alone.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client, NEEDS_TWO_INSTANCES, TWO_INSTANCES, twoInstances } from './instances.ts';

const POOL = '5+3';

describe.skipIf(!TWO_INSTANCES)(TWO_INSTANCES ? "A seeker's instance killed" : NEEDS_TWO_INSTANCES, () => {
  const instances = twoInstances();

  /** How many the other instance counts waiting in the pool. */
  const waiting = async () => {
    const { pools } = await new Client(instances.other.url).call('GET', '/api/lobby');
    return pools.find((p: { pool: string }) => p.pool === POOL).waiting as number;
  };

  it('ends the seek within 10 s: the other instance no longer counts it', async () => {
    const ann = new Client(instances.holder.url);
    await ann.call('POST', '/api/guest', { displayName: 'Ann' });
    const ws = new WebSocket(`${instances.holder.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: ann.cookie, origin: instances.holder.url },
    });
    await new Promise((open, fail) => ws.once('open', open).once('error', fail));
    ws.on('error', () => {}); // the instance dies under it
    await ann.call('POST', '/api/lobby/seeks', { kind: 'pool', pool: POOL });
    expect(await waiting()).toBe(1);
    // Alive while its socket is: past the absence, it still waits.
    await new Promise((wait) => setTimeout(wait, 11_000));
    expect(await waiting()).toBe(1);

    instances.holder.process.kill('SIGKILL');
    const killedAt = Date.now();
    while ((await waiting()) > 0 && Date.now() - killedAt < 20_000) {
      await new Promise((wait) => setTimeout(wait, 200));
    }
    const gone = Date.now() - killedAt;
    console.info(`[e2e] the seeker of the killed instance left the pool ${gone} ms after the kill`);
    expect(await waiting()).toBe(0);
    // 10 s with the margin of one sweep and one poll on a busy machine.
    expect(gone).toBeLessThan(11_000);
  }, 60_000);
});
