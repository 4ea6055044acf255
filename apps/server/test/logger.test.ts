import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { loggerOptions } from '../src/logger.ts';
import { createMailer } from '../src/mail/mailer.ts';

/** A server logging to a fake stdout; answers what it wrote once it handled a request and a mail. */
async function logOf(env: Record<string, string>, isTTY: boolean): Promise<string> {
  let written = '';
  const out = { isTTY, write: (text: string) => (written += text) };
  const app = Fastify({ logger: loggerOptions(loadConfig(env), out) });
  app.get('/hello', async () => {
    throw new Error('boom');
  });
  await app.inject('/hello?x=1');
  const mailer = createMailer(undefined, 'sbc', app.log);
  await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Your code is 123456.' });
  await app.close();
  return written;
}

describe('the log', () => {
  it('is readable lines in a terminal: one per request, the mailed code plain, a stack below its error', async () => {
    const log = await logOf({}, true);
    expect(log).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/hello\?x=1 500 \d+ ms$/m);
    expect(log).toMatch(/^\d\d:\d\d:\d\d ERROR boom$\nError: boom\n {4}at /m);
    expect(log).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}mail \(not sent, no SMTP_URL\): Your code is 123456\. to=ada@example\.com subject="Your code"$/m,
    );
    expect(log).not.toContain('incoming request');
  });

  it('is JSON lines otherwise, or whenever LOG_FORMAT=json; lines with LOG_FORMAT=pretty', async () => {
    for (const log of [await logOf({}, false), await logOf({ LOG_FORMAT: 'json' }, true)]) {
      const records = log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(records).toContainEqual(expect.objectContaining({ to: 'ada@example.com', level: 30 }));
    }
    expect(await logOf({ LOG_FORMAT: 'pretty' }, false)).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/hello/m);
  });
});
