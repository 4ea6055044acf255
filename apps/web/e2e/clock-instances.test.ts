/**
 * A flag across instances (docs/architecture.md, "Clocks"): two built server instances on one
 * PostgreSQL database and one Redis. A timed game is played on the first, which is then killed
 * with SIGKILL, its timer for the game gone with it; the second, which heard of every move on the
 * bus, still ends the game on time, within 2 s of the deadline. No browser: the clock is the
 * servers' alone.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client, NEEDS_TWO_INSTANCES, TWO_INSTANCES, twoInstances } from './instances.ts';

describe.skipIf(!TWO_INSTANCES)(
  TWO_INSTANCES ? 'A flag when the instance holding the game is killed' : NEEDS_TWO_INSTANCES,
  () => {
    const instances = twoInstances();

    it('ends the game on time on the other instance within 2 s of zero', async () => {
      const ann = new Client(instances.holder.url);
      const username = `ann_${Date.now().toString(36)}`;
      await ann.call('POST', '/api/register', {
        username,
        password: 'correct horse battery',
        email: `${username}@example.com`,
      });
      // A game at one screen, ¼+0: 15 s a side once both have moved.
      const game = await ann.call('POST', '/api/games', {
        timeControl: { kind: 'clock', minutes: 0.25, increment: 0 },
      });
      for (const [from, to] of [
        ['e2', 'e4'],
        ['e7', 'e5'],
      ]) {
        await ann.call('POST', `/api/games/${game.id}/moves`, { from, to });
      }
      const { gameState } = await ann.call('GET', `/api/games/${game.id}`);
      const deadline = gameState.clock.deadline as number;
      expect(gameState.clock.running).toBe('white');

      // Ann watches from the other instance, with the same session.
      const ws = new WebSocket(`${instances.other.url.replace('http', 'ws')}/ws`, {
        headers: { cookie: ann.cookie, origin: instances.other.url },
      });
      const timeout = new Promise<{ at: number; message: Record<string, unknown> }>((resolve, reject) => {
        ws.on('message', (data) => {
          const message = JSON.parse(String(data));
          if (message.type === 'game:timeout') resolve({ at: Date.now(), message });
        });
        ws.on('error', reject);
      });
      await new Promise((open) => ws.once('open', open));
      ws.send(JSON.stringify({ type: 'game:watch', gameId: game.id }));

      instances.holder.process.kill('SIGKILL');
      const { at, message } = await timeout;
      ws.close();
      const late = at - deadline;
      console.info(`[e2e] the flag fell on the surviving instance ${late} ms after the deadline`);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(2000);
      expect(message).toMatchObject({ gameId: game.id, state: { status: 'outoftime', winner: 'black' } });
      // Stored so: Ann reads it on the survivor.
      const owner = Object.assign(new Client(instances.other.url), { cookie: ann.cookie });
      expect((await owner.call('GET', `/api/games/${game.id}`)).status).toBe('outoftime');
    }, 60_000);
  },
);
