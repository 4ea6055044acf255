import { ConfirmEmailRequest, type SuccessResponse, type User } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Errors, submitWith } from '../../../components/form.tsx';
import { InlineCard } from '../../../components/InlineCard.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { CodeField, codeToasts, ResendCode, useFocusOnOpen } from '../../../components/verification.tsx';
import { apiRequest, errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const strong = (text: string) => <strong className="font-medium text-slate-900">{text}</strong>;

/**
 * A new email waiting for its code (docs/api.md, PATCH /api/user/profile): the code confirms it
 * here; until then the account keeps its address in force, so signing in never depends on it.
 */
export function PendingEmailCard({ email, pendingEmail }: { email: string | null; pendingEmail: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const codeRef = useFocusOnOpen();
  const queryClient = useQueryClient();
  const showUser = (user: User) => queryClient.setQueryData(queryKeys.session, user);
  const confirm = useMutation({
    mutationFn: (body: ConfirmEmailRequest) => apiRequest<User>('POST', '/api/user/email/confirm', body),
    onSuccess: (user) => {
      showUser(user);
      toast({ title: 'Email verified', description: `${user.email} is now your account's email.` });
    },
    onError: codeToasts.verifyFailed,
  });
  const resend = useMutation({
    mutationFn: () => apiRequest<SuccessResponse>('POST', '/api/user/email/resend'),
    onSuccess: codeToasts.resent,
    onError: codeToasts.resendFailed,
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest<User>('DELETE', '/api/user/email/pending'),
    onSuccess: showUser,
    onError: (e) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(e, 'Failed to update profile. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <InlineCard
      id="pending-email"
      title="Verify Your New Email"
      description={
        <>
          We sent a 6-digit code to {strong(pendingEmail)}. Enter it to make it your account's email.
          {email && <> Until then you keep signing in with {strong(email)}.</>}
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={submitWith(ConfirmEmailRequest, setErrors, (data) => {
          confirm.mutate(data);
        })}
      >
        <CodeField id="pending-email-code" error={errors.verificationCode} inputRef={codeRef} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Verifying...' : 'Verify Email'}
          </Button>
          <Button variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Keep {email ? 'current email' : 'no email'}
          </Button>
        </div>
        <ResendCode onResend={() => resend.mutate()} pending={resend.isPending} />
      </form>
    </InlineCard>
  );
}
