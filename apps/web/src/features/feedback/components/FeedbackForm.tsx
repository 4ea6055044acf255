import { FeedbackRequest } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Errors, Field, submitWith } from '../../../components/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postFeedback } from '../api/feedback.ts';

/**
 * Name, optional email and message, checked by the server's own `FeedbackRequest`; a new thought,
 * or, given `reply`, an answer to one (Submit Reply and Cancel Reply).
 */
export function FeedbackForm({ reply }: { reply?: { parentId: string; onClose: () => void } }) {
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: postFeedback,
    onSuccess: () => {
      toast(
        reply
          ? { title: 'Reply submitted!', description: 'Your reply has been posted.' }
          : { title: 'Feedback submitted!' },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.feedback });
    },
    onError: (e) =>
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to submit. Please try again.'),
        variant: 'destructive',
      }),
  });
  // Ids apart, so that a reply form and the new-thought form can be on the page together.
  const prefix = reply ? `reply-${reply.parentId}` : 'feedback';
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={submitWith(FeedbackRequest, setErrors, (data, form) => {
        send.mutate(
          { ...data, parentId: reply?.parentId },
          {
            onSuccess: () => {
              form.reset();
              reply?.onClose();
            },
          },
        );
      })}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${prefix}-name`} name="name" label="Name" autoComplete="name" error={errors.name} />
        <Field
          id={`${prefix}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          optional
          error={errors.email}
        />
      </div>
      <Field
        id={`${prefix}-message`}
        name="message"
        label="Message"
        rows={reply ? 3 : 4}
        error={errors.message}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {reply && (
          <Button variant="outline" onClick={reply.onClose}>
            Cancel Reply
          </Button>
        )}
        <Button type="submit" disabled={send.isPending}>
          {reply ? 'Submit Reply' : 'Submit Feedback'}
        </Button>
      </div>
    </form>
  );
}
