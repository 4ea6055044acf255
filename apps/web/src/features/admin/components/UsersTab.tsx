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

/**
 * Block asks first (it signs the user out everywhere at once); Unblock undoes nothing harmful and
 * goes at once. The toast is the server's message, which names the user.
 */
function BlockButton({ user, self }: { user: User; self: boolean }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const block = useMutation({
    mutationFn: adminApi.block,
    onSuccess: (answer: MessageResponse) => {
      toast({ title: answer.message });
      refreshAfter(client, 'users', 'online-users');
    },
    onError: (e) =>
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to update user block status.'),
        variant: 'destructive',
      }),
    onSettled: () => setConfirming(false),
  });
  const send = () => block.mutate({ userId: user.id, isBlocked: !user.isBlocked });
  return (
    <>
      <Button
        size="sm"
        variant={user.isBlocked ? 'outline' : 'destructive'}
        // An admin cannot block themself (the server says so too).
        disabled={self || block.isPending}
        aria-label={`${user.isBlocked ? 'Unblock' : 'Block'} ${user.username}`}
        onClick={() => (user.isBlocked ? send() : setConfirming(true))}
      >
        {user.isBlocked ? 'Unblock' : 'Block'}
      </Button>
      {confirming && (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title="Block User"
          description={`Block ${user.username}? They are signed out everywhere and cannot sign in until unblocked.`}
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={block.isPending} onClick={send}>
              Block
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Users: a search by username, email, first or last name, and Block or Unblock on each. */
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
            cell: (u) =>
              u.isBlocked ? <Badge tone="red">Blocked</Badge> : <Badge tone="green">Active</Badge>,
          },
          { header: 'Action', cell: (u) => <BlockButton user={u} self={u.id === adminId} /> },
        ]}
      />
    </div>
  );
}
