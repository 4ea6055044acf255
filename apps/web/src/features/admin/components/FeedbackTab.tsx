import type { AdminFeedback } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminApi, refreshAfter } from '../api/admin.ts';
import { dateTime } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';

/** Asks before deleting: a feedback's replies go with it. */
function DeleteFeedback({ item, onClose }: { item: AdminFeedback; onClose: () => void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => adminApi.deleteFeedback(item.id),
    onSuccess: () => {
      toast({ title: 'Feedback Deleted' });
      refreshAfter(client, 'feedback');
      void client.invalidateQueries({ queryKey: queryKeys.feedback });
      onClose();
    },
    onError: (e) =>
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to delete feedback.'),
        variant: 'destructive',
      }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Feedback"
      description={`Delete the feedback from ${item.name}? Its replies are deleted with it.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}

/** Feedback: every feedback and reply as a row, with its author's email, and Delete. */
export function FeedbackTab() {
  const [deleting, setDeleting] = useState<AdminFeedback | null>(null);
  return (
    <>
      <PagedList<AdminFeedback>
        name="feedback"
        label="Feedback"
        rowKey={(f) => f.id}
        empty="No feedback yet."
        columns={[
          {
            header: 'Name',
            cell: (f) => <span className="font-medium text-slate-900">{f.name}</span>,
          },
          { header: 'Email', cell: (f) => f.email ?? '—' },
          {
            header: 'Message',
            className: 'sm:max-w-sm',
            cell: (f) => (
              <span className="whitespace-pre-line">
                {f.parentId && <span className="block text-xs text-slate-500">Reply</span>}
                {f.message}
              </span>
            ),
          },
          {
            header: 'Visibility',
            cell: (f) => (f.isPublic ? <Badge tone="green">Public</Badge> : <Badge>Private</Badge>),
          },
          { header: 'Date', cell: (f) => dateTime(f.createdAt) },
          {
            header: 'Action',
            cell: (f) => (
              <Button
                size="sm"
                variant="destructive"
                aria-label={`Delete feedback from ${f.name}`}
                onClick={() => setDeleting(f)}
              >
                Delete
              </Button>
            ),
          },
        ]}
      />
      {deleting && <DeleteFeedback item={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
