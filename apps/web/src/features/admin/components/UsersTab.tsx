import type { MessageResponse, User } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/http.ts';
import { adminApi, refreshAfter } from '../api/admin.ts';
import { useSearch } from '../hooks/useSearch.ts';
import { date, FIELD } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';
import { UserCell } from './UserCell.tsx';

/** An action on a user whose toast is the server's message, which names them; `confirm` asks first. */
function UserAction({
  user,
  label,
  send,
  failure,
  confirm,
  destructive = false,
  disabled = false,
}: {
  user: User;
  label: string;
  send: () => Promise<MessageResponse>;
  /** The toast when the server's answer has no message. */
  failure: string;
  /** The question's title and text; its button repeats `label`. */
  confirm?: { title: string; description: string };
  destructive?: boolean;
  disabled?: boolean;
}) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const action = useMutation({
    mutationFn: send,
    onSuccess: (answer: MessageResponse) => {
      toast({ title: answer.message });
      refreshAfter(client, 'users', 'online-users');
    },
    onError: (e) => toast({ title: 'Error', description: errorMessage(e, failure), variant: 'destructive' }),
    onSettled: () => setConfirming(false),
  });
  const variant = destructive ? 'destructive' : 'outline';
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        disabled={disabled || action.isPending}
        aria-label={`${label} ${user.username}`}
        onClick={() => (confirm ? setConfirming(true) : action.mutate())}
      >
        {label}
      </Button>
      {confirming && confirm && (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title={confirm.title}
          description={confirm.description}
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant={variant} disabled={action.isPending} onClick={() => action.mutate()}>
              {label}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/**
 * Block asks first (it signs the user out everywhere at once); Unblock undoes nothing harmful and
 * goes at once.
 */
const BlockButton = ({ user, self }: { user: User; self: boolean }) => (
  <UserAction
    user={user}
    label={user.isBlocked ? 'Unblock' : 'Block'}
    send={() => adminApi.block({ userId: user.id, isBlocked: !user.isBlocked })}
    failure="Failed to update user block status."
    confirm={
      user.isBlocked
        ? undefined
        : {
            title: 'Block User',
            description: `Block ${user.username}? They are signed out everywhere and cannot sign in until unblocked.`,
          }
    }
    destructive={!user.isBlocked}
    // An admin cannot block themself (the server says so too).
    disabled={self}
  />
);

/**
 * The terms violation mark (engine assistance): marking asks first (the player leaves the
 * leaderboards and the profile says so); clearing goes at once. The audit log records both.
 */
const TosButton = ({ user }: { user: User }) => (
  <UserAction
    user={user}
    label={user.tosViolation ? 'Clear terms violation' : 'Mark as terms violation'}
    send={() => adminApi.tosViolation({ userId: user.id, tosViolation: !user.tosViolation })}
    failure="Failed to update the terms violation mark."
    confirm={
      user.tosViolation
        ? undefined
        : {
            title: 'Mark as Terms Violation',
            description: `Mark ${user.username} as violating the Terms of Service? They leave the leaderboards and their profile says so.`,
          }
    }
    destructive={!user.tosViolation}
  />
);

/**
 * Users: a search by username, email, first or last name; on each, Block or Unblock and the terms
 * violation mark.
 */
export function UsersTab({ adminId }: { adminId: string }) {
  const { typed, setTyped, q } = useSearch();
  return (
    <div className="space-y-4">
      <input
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        aria-label="Search users"
        placeholder="Search by username, email or name"
        className={`${FIELD} w-full max-w-md`}
      />
      <PagedList<User>
        // A new search starts again at its first page.
        key={q}
        name="users"
        params={{ q }}
        label="Users"
        rowKey={(u) => u.id}
        empty={q ? 'No users match this search.' : 'No users yet.'}
        columns={[
          {
            header: 'User',
            cell: (u) => <UserCell user={u} />,
          },
          { header: 'Email', cell: (u) => u.email ?? '—' },
          { header: 'Phone', cell: (u) => u.phone ?? '—' },
          { header: 'Joined', cell: (u) => date(u.createdAt) },
          {
            header: 'Status',
            cell: (u) => (
              <span className="inline-flex flex-wrap justify-end gap-1">
                {u.isBlocked ? <Badge tone="red">Blocked</Badge> : <Badge tone="green">Active</Badge>}
                {u.tosViolation && <Badge tone="amber">Terms violation</Badge>}
              </span>
            ),
          },
          {
            header: 'Action',
            cell: (u) => (
              <span className="inline-flex flex-wrap justify-end gap-1">
                <BlockButton user={u} self={u.id === adminId} />
                <TosButton user={u} />
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
