import type { AddressInfo } from 'node:net';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { sessions, users, verificationCodes } from '../src/db/schema.ts';
import type { Mail, Mailer } from '../src/mail/mailer.ts';
import { Agent, type TestServer } from './helpers.ts';

/** A client coming from its own address, so that per-address rate limits do not mix tests. */
export function agentAt(server: TestServer, ip: string): Agent {
  const app = {
    inject: (options: InjectOptions) => server.app.inject({ ...options, remoteAddress: ip }),
    get services() {
      return server.app.services;
    },
  };
  return new Agent(() => app as unknown as FastifyInstance);
}

/** Every account row: what a refused request must leave exactly as it was. */
export async function accountRows(server: TestServer) {
  const { db } = server.app.services.database;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    codes: await db.select().from(verificationCodes).orderBy(asc(verificationCodes.id)),
  };
}

/** The mailer without SMTP: nothing leaves, the test reads what would have been logged. */
export function logMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    delivers: false,
    sent,
    async send(mail) {
      sent.push(mail);
    },
    close() {},
  };
}

export const codeIn = (text: string) => /code is (\d{6})/.exec(text)?.[1];

export interface Inbox {
  url: string;
  /** The code of the next mail to `to` (waits for it). */
  code(to: string): Promise<string>;
  /** How many mails reached `to` so far. */
  count(to: string): number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function smtpInbox(): Promise<Inbox> {
  const messages: { to: string[]; raw: string; read: boolean }[] = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, read: false });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const server = smtp.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const unread = (to: string) => messages.find((m) => !m.read && m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    async code(to) {
      for (let waited = 0; waited < 5000; waited += 20) {
        const message = unread(to);
        if (message) {
          message.read = true;
          const code = codeIn(message.raw);
          if (!code) throw new Error(`no code in the mail to ${to}:\n${message.raw}`);
          return code;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${to}`);
    },
    count: (to) => messages.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}
