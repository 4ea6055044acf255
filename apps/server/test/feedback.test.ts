import { randomBytes } from 'node:crypto';
import { FeedbackThread, FeedbackThreadList } from '@sbc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../src/db/schema.ts';
import { PARENT_NOT_FOUND } from '../src/features/feedback/routes.ts';
import { agentAt } from './accounts.ts';
import { type Agent, onTwoInstances, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

/** Each test posts from its own address: posting is limited per address. */
let address = 0;
const visitor = (): Agent => agentAt(server, `10.9.${randomBytes(1)[0]}.${++address}`);

const post = (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/api/feedback', { isPublic: 1, ...body });

describe('posting feedback', () => {
  it('lets a visitor post: 201 the feedback, public, without its email', async () => {
    const res = await post(visitor(), {
      name: ' Ann ',
      email: 'ann@example.com',
      message: 'Great\ngame!\t:)',
    });
    expect(res.status).toBe(201);
    expect(FeedbackThread.parse(res.body)).toEqual({
      id: expect.any(String),
      name: 'Ann',
      message: 'Great\ngame!\t:)',
      isPublic: 1,
      createdAt: expect.any(String),
      parentId: null,
      replies: [],
    });
    expect(res.body.email).toBeUndefined();
    expect(Math.abs(Date.parse(res.body.createdAt) - server.app.services.now().getTime())).toBeLessThan(5000);
    // A signed-in user posts the same way; isPublic may be left out.
    const user = await server.signedIn();
    expect((await user.post('/api/feedback', { name: 'Bob', message: 'Hi' })).status).toBe(201);
  });

  it('words refusals as the form does (site spec §5), and stores nothing', async () => {
    const before = (await server.app.services.database.db.select().from(feedback)).length;
    for (const [body, message] of [
      [{}, 'name: Name is required; message: Message is required'],
      [{ name: '   ', message: ' ' }, 'name: Name is required; message: Message is required'],
      [{ name: 'x'.repeat(101), message: 'ok' }, 'name: Name must be less than 100 characters'],
      [{ name: 'Ann', message: 'x'.repeat(1001) }, 'message: Message must be less than 1000 characters'],
      [{ name: 'Ann', message: 'ok', email: 'not-an-email' }, 'email: Please enter a valid email address'],
      [{ name: 'Ann', message: 'ok', isPublic: 0 }, 'isPublic: isPublic must be 1'],
      [{ name: 42, message: 'ok' }, 'name: Expected text'],
      [{ name: 'A\u0000nn', message: 'ok' }, 'name: Control characters are not allowed'],
      [{ name: 'Ann', message: 'bell\u0007' }, 'message: Control characters are not allowed'],
      [{ name: 'Ann', message: 'ok', parentId: 'x\u001b' }, 'parentId: Control characters are not allowed'],
    ] as const) {
      // Refusals count against the address's allowance too: each from its own.
      const res = await visitor().post('/api/feedback', body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    // The limits are inclusive: 100 and 1000 characters pass.
    expect(
      (await post(visitor(), { name: 'n'.repeat(100), message: 'm'.repeat(1000), email: '' })).status,
    ).toBe(201);
    expect((await server.app.services.database.db.select().from(feedback)).length).toBe(before + 1);
  });

  it('refuses a reply to a feedback that does not exist (404)', async () => {
    for (const parentId of ['00000000-0000-0000-0000-000000000000', 'nonsense']) {
      expect(await post(visitor(), { name: 'Ann', message: 'Re', parentId })).toMatchObject({
        status: 404,
        body: { message: PARENT_NOT_FOUND },
      });
    }
  });

  it('limits posting to 5 a minute per address', async () => {
    const agent = visitor();
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post(agent, { name: 'Flood', message: `#${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await post(agent, { name: 'Flood', message: 'again' });
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await post(visitor(), { name: 'Calm', message: 'hello' })).status).toBe(201);
  });
});

describe('reading feedback', () => {
  it('answers the threads newest first with nested replies, oldest reply first, to anyone', async () => {
    const agent = visitor();
    const root = (await post(agent, { name: 'Root', message: 'Thread' })).body;
    server.advance(1000);
    const first = (await post(agent, { name: 'R1', message: 'First reply', parentId: root.id })).body;
    server.advance(1000);
    const second = (await post(agent, { name: 'R2', message: 'Second reply', parentId: root.id })).body;
    server.advance(1000);
    const nested = (
      await post(agent, { name: 'R3', message: 'Nested', parentId: first.id, email: 'r3@example.com' })
    ).body;
    server.advance(1000);
    const newer = (await post(visitor(), { name: 'Later', message: 'Another thread' })).body;

    const res = await server.agent().get('/api/feedback/with-replies');
    expect(res.status).toBe(200);
    const threads = FeedbackThreadList.parse(res.body);
    expect(threads[0].id).toBe(newer.id);
    const thread = threads.find((t) => t.id === root.id)!;
    expect(thread.replies.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(thread.replies[0].replies).toEqual([
      {
        id: nested.id,
        name: 'R3',
        message: 'Nested',
        isPublic: 1,
        createdAt: nested.createdAt,
        parentId: first.id,
        replies: [],
      },
    ]);
    // Replies are not threads of their own, and no email is ever public.
    expect(threads.some((t) => t.id === first.id)).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
  });
});

describe.skipIf(!process.env.REDIS_URL)('the feedback limit in Redis', () => {
  it('is shared by two instances: the sixth post from one address across both is refused', async () => {
    await onTwoInstances(process.env.REDIS_URL as string, async (one, two, ip) => {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 ? two : one;
        statuses.push(
          (await agentAt(server, ip).post('/api/feedback', { name: 'Shared', message: `#${i}` })).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });
  }, 60_000);
});
