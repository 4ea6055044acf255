import type { PlayingUser, User } from '@sbc/api';
import { capitalize } from '@sbc/game';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ACTIVITY_POLL_MS } from '../api/admin.ts';
import { dateTime, shortId } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';
import { UserCell } from './UserCell.tsx';

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
        { header: 'User', cell: (u) => <UserCell user={u} /> },
        { header: 'Email', cell: (u) => u.email ?? '—' },
        { header: 'Last Activity', cell: (u) => (u.lastActivityAt ? dateTime(u.lastActivityAt) : '—') },
        {
          header: 'Role',
          cell: (u) => (u.isAdmin ? <Badge tone="violet">Admin</Badge> : <Badge>User</Badge>),
        },
      ]}
    />
  );
}

/**
 * Playing: who is in an active game, asked again every 30 s; View Game watches an online one as a
 * spectator.
 */
export function PlayingTab() {
  return (
    <PagedList<PlayingUser>
      name="playing-users"
      pollMs={ACTIVITY_POLL_MS}
      label="Playing users"
      rowKey={(p) => `${p.gameId}:${p.user.id}`}
      empty="No one is playing right now."
      columns={[
        { header: 'Player', cell: (p) => <UserCell user={p.user} /> },
        { header: 'Game', cell: (p) => <code className="text-xs">{shortId(p.gameId)}</code> },
        { header: 'Role', cell: (p) => capitalize(p.role) },
        {
          header: 'Action',
          // The server shows a spectator room games only: a game at one screen has no one to watch it.
          cell: (p) =>
            p.mode === 'online' ? (
              <Link to={`/game/${p.gameId}`} className={buttonClass('outline', 'sm')}>
                View Game
              </Link>
            ) : (
              <span className="text-xs text-slate-500">
                {p.mode === 'computer' ? 'Against the computer' : 'Two at one screen'}
              </span>
            ),
        },
      ]}
    />
  );
}
