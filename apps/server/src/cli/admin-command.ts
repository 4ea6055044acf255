import { parseArgs } from 'node:util';
import { NewSponsorship, PAGE_SIZE_MAX } from '@sbc/api';
import { recordAudit } from '../common/audit.ts';
import { loadConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/connect.ts';
import { setAdmin } from '../features/accounts/users.ts';
import { addSponsorship, listSponsorships } from '../features/admin/sponsorships.ts';

export const USAGE = `Usage: npm run -s admin -- promote <username>   make a user an admin
       npm run -s admin -- demote <username>    take the admin rights away
       npm run -s admin -- sponsorship add --amount-cents <n> --currency <USD> --status <completed|pending|failed>
                                           [--name <name>] [--email <email>] [--message <text>]
       npm run -s admin -- sponsorship list [--page <n>]

With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one process.`;

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** Who the audit log names for what the command line does: the server's operator. */
const CLI_ACTOR = { id: null, username: '(command line)' };

/** A bad command line: the usage, exit code 2. */
class Usage extends Error {}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

async function sponsorshipCommand(args: string[], db: () => Promise<Db>, out: Output): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'add') {
    let values: Record<string, string | undefined>;
    try {
      ({ values } = parseArgs({
        args: rest,
        strict: true,
        options: {
          name: { type: 'string' },
          email: { type: 'string' },
          'amount-cents': { type: 'string' },
          currency: { type: 'string' },
          status: { type: 'string' },
          message: { type: 'string' },
        },
      }));
    } catch (error) {
      throw new Usage((error as Error).message);
    }
    const cents = values['amount-cents'];
    const parsed = NewSponsorship.safeParse({
      sponsorName: values.name,
      sponsorEmail: values.email,
      amountCents: cents !== undefined && /^\d+$/.test(cents) ? Number(cents) : cents,
      currency: values.currency,
      status: values.status,
      message: values.message,
    });
    if (!parsed.success) {
      const flags: Record<string, string> = {
        sponsorName: 'name',
        sponsorEmail: 'email',
        amountCents: 'amount-cents',
      };
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        out.error(`--${flags[field] ?? field}: ${issue.message}`);
      }
      return 2;
    }
    const s = await addSponsorship(await db(), parsed.data);
    out.log(
      `Recorded sponsorship ${s.id}: ${money(s.amount, s.currency)} (${s.status}) from ${s.sponsorName ?? 'Anonymous'}.`,
    );
    return 0;
  }
  if (sub === 'list') {
    let page = 1;
    try {
      const { values } = parseArgs({ args: rest, strict: true, options: { page: { type: 'string' } } });
      if (values.page !== undefined) {
        if (!/^[1-9]\d*$/.test(values.page)) throw new Error('--page must be a whole number from 1');
        page = Number(values.page);
      }
    } catch (error) {
      throw new Usage((error as Error).message);
    }
    const list = await listSponsorships(await db(), { page, pageSize: PAGE_SIZE_MAX });
    for (const s of list.items) {
      const who = [s.sponsorName ?? 'Anonymous', s.sponsorEmail && `<${s.sponsorEmail}>`]
        .filter(Boolean)
        .join(' ');
      out.log(
        [
          s.createdAt.slice(0, 10),
          money(s.amount, s.currency).padStart(14),
          s.status.padEnd(9),
          who,
          s.message ?? '',
        ]
          .join('  ')
          .trimEnd(),
      );
    }
    out.log(
      `${list.total} sponsorship${list.total === 1 ? '' : 's'} (page ${list.page} of ${list.totalPages}).`,
    );
    return 0;
  }
  throw new Usage(`Unknown sponsorship command "${sub ?? ''}"`);
}

/**
 * `promote` / `demote` a user, `sponsorship add` / `list`; answers the exit code: 2 for bad
 * usage, 1 for an unknown user.
 */
export async function adminCommand(
  args: string[],
  database: () => Promise<Db>,
  out: Output,
): Promise<number> {
  const [command, username, ...rest] = args;
  try {
    if (command === 'sponsorship') return await sponsorshipCommand(args.slice(1), database, out);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    out.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if ((command !== 'promote' && command !== 'demote') || !username || rest.length) {
    out.error(USAGE);
    return 2;
  }
  const db = await database();
  const promote = command === 'promote';
  const user = await db.transaction(async (tx) => {
    const changed = await setAdmin(tx, { username }, promote);
    if (changed) {
      const target = { id: changed.id, label: changed.username };
      await recordAudit(tx, CLI_ACTOR, promote ? 'user.promote' : 'user.demote', target, null, new Date());
    }
    return changed;
  });
  if (!user) {
    out.error(`No user named "${username}".`);
    return 1;
  }
  out.log(promote ? `${user.username} is now an admin.` : `${user.username} is no longer an admin.`);
  return 0;
}

/**
 * The command on the database the environment names. The embedded one refuses while the server
 * has it open (db/lock.ts): its writes would be lost.
 */
export async function runAdmin(
  args: string[],
  env: Record<string, string | undefined>,
  out: Output,
): Promise<number> {
  let database: Database | undefined;
  try {
    return await adminCommand(
      args,
      async () => {
        const config = loadConfig(env);
        database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
        return database.db;
      },
      out,
    );
  } catch (error) {
    out.error((error as Error).message);
    return 1;
  } finally {
    await database?.close();
  }
}
