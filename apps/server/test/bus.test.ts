import { describe, expect, it } from 'vitest';
import { type EventBus, type GameEvent, localBus } from '../src/events/bus.ts';
import { redisGroup } from './instances.ts';

const event = (gameId: string): GameEvent => ({
  type: 'game:move',
  gameId,
  version: 1,
  frame: '{"type":"game:move"}',
  thumb: null,
  over: false,
  players: ['w', 'b'],
  written: {
    texts: ['e2e4'],
    columns: { moveCount: 1 },
    record: { clock: { white: 0, black: 0 }, pendingPromotion: null },
  },
});

function nextEvent(bus: EventBus): Promise<GameEvent> {
  return new Promise((resolve) => {
    const off = bus.subscribe((e) => {
      off();
      resolve(e);
    });
  });
}

describe('event bus', () => {
  it('delivers in process to every subscriber until it unsubscribes', async () => {
    const bus = localBus();
    const seen: string[] = [];
    const off = bus.subscribe((e) => seen.push(`a:${e.gameId}`));
    bus.subscribe((e) => seen.push(`b:${e.gameId}`));
    await bus.publish(event('g1'));
    off();
    await bus.publish(event('g2'));
    expect(seen).toEqual(['a:g1', 'b:g1', 'b:g2']);
    await bus.close();
  });

  it('keeps a named channel apart from the game events', async () => {
    const bus = localBus();
    const seen: unknown[] = [];
    bus.subscribe((e) => seen.push(e.gameId));
    bus.channel<string>('rooms').subscribe((e) => seen.push(`room ${e}`));
    await bus.channel<string>('rooms').publish('r1');
    await bus.publish(event('g1'));
    expect(seen).toEqual(['room r1', 'g1']);
    await bus.close();
  });

  it.skipIf(!process.env.REDIS_URL)('shares events between instances through Redis', async () => {
    const url = process.env.REDIS_URL as string;
    const { bus } = redisGroup(url);
    // A group on another prefix of the same Redis (tests beside these) hears none of it.
    const [one, two, apart] = await Promise.all([bus(), bus(), redisGroup(url).bus()]);
    const overheard: unknown[] = [];
    apart.subscribe((e) => overheard.push(e));
    apart.channel('rooms').subscribe((e) => overheard.push(e));
    try {
      const received = nextEvent(two);
      await one.publish(event('shared'));
      expect(await received).toEqual(event('shared'));
      const inRoom = new Promise((resolve) => two.channel('rooms').subscribe(resolve));
      await one.channel('rooms').publish({ roomId: 'r1' });
      expect(await inRoom).toEqual({ roomId: 'r1' });
      // Its own events still flow, after the others: had the others reached it, they were first.
      const own = nextEvent(apart);
      await apart.publish(event('apart'));
      expect(await own).toEqual(event('apart'));
      expect(overheard).toEqual([event('apart')]);
    } finally {
      await Promise.all([one.close(), two.close(), apart.close()]);
    }
  });
});
