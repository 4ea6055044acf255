import type { PlayingUser, User } from '@sbc/api';
import { capitalize } from '@sbc/game';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ACTIVITY_POLL_MS } from '../api/admin.ts';
import { dateTime, fullName, shortId } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';

const userCell = (u: { username: string; firstName: string | null; lastName: string | null }) => (
  <span className="text-right sm:text-left">
    <span className="block font-medium break-all text-slate-900">{u.username}</span>
    {fullName(u) && <span className="block text-xs text-slate-500">{fullName(u)}</span>}
  </span>
);

/** Online: who was active in the last 5 minutes, asked again every 30 s. */
export function OnlineTab() {
  return (
    <PagedList<User>
      name="online-users"
      pollMs={ACTIVITY_POLL_MS}
      label="Online users"
      rowKey={(u) => u.id}
      empty="No one has been active in the last 5 minutes."
      columns={[
        { header: 'User', cell: userCell },
        { header: 'Email', cell: (u) => <span className="break-all">{u.email ?? '—'}</span> },
        { header: 'Last Activity', cell: (u) => (u.lastActivityAt ? dateTime(u.lastActivityAt) : '—') },
        {
          header: 'Role',
          cell: (u) => (u.isAdmin ? <Badge tone="violet">Admin</Badge> : <Badge>User</Badge>),
        },
      ]}
    />
  );
}

/** Playing: who is in an active game, asked again every 30 s; View Game watches it as a spectator. */
export function PlayingTab() {
  return (
    <PagedList<PlayingUser>
      name="playing-users"
      pollMs={ACTIVITY_POLL_MS}
      label="Playing users"
      rowKey={(p) => `${p.gameId}:${p.user.id}`}
      empty="No one is playing right now."
      columns={[
        { header: 'Player', cell: (p) => userCell(p.user) },
        { header: 'Game', cell: (p) => <code className="text-xs">{shortId(p.gameId)}</code> },
        { header: 'Role', cell: (p) => capitalize(p.role) },
        {
          header: 'Action',
          cell: (p) => (
            <Link to={`/game/${p.gameId}`} className={buttonClass('outline', 'sm')}>
              View Game
            </Link>
          ),
        },
      ]}
    />
  );
}
