import { type Ref, useEffect, useRef } from 'react';
import { errorMessage } from '../lib/http.ts';
import { Field } from './form.tsx';
import { toast } from './ui/toast-store.ts';

/** Verification codes are six digits (docs/api.md §3). */
export const CODE_LENGTH = 6;

/** Focuses the returned input when the card opens, which also brings the card into view. */
export function useFocusOnOpen() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** The field of a mailed 6-digit code. */
export function CodeField({
  id,
  error,
  inputRef,
}: {
  id: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field
      id={id}
      name="verificationCode"
      label="Verification code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={CODE_LENGTH}
      placeholder="123456"
      error={error}
      inputRef={inputRef}
    />
  );
}

/** "Didn't receive it? Resend code": asks for a new code (the server limits how often). */
export function ResendCode({ onResend, pending }: { onResend: () => void; pending: boolean }) {
  return (
    <p className="text-sm text-slate-600">
      Didn't receive it?{' '}
      <button
        type="button"
        disabled={pending}
        onClick={onResend}
        className="font-medium text-amber-700 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500 disabled:opacity-50"
      >
        Resend code
      </button>
    </p>
  );
}

/** The toasts of an email's code, wherever it is entered (sign-in page, Settings). */
export const codeToasts = {
  verifyFailed: (e: unknown) =>
    toast({
      title: 'Verification failed',
      description: errorMessage(e, 'Failed to verify email. Please try again.'),
      variant: 'destructive',
    }),
  resent: () =>
    toast({
      title: 'Verification email sent',
      description: 'Please check your email for a new verification code.',
    }),
  resendFailed: (e: unknown) =>
    toast({
      title: 'Failed to send email',
      description: errorMessage(e, 'Failed to send verification email. Please try again.'),
      variant: 'destructive',
    }),
};
