import {
  ForgotPasswordRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '@sbc/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type Errors, Field, issues, NewPasswordFields, submitWith } from '../../../components/form.tsx';
import { InlineCard } from '../../../components/InlineCard.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { CodeField, codeToasts, ResendCode, useFocusOnOpen } from '../../../components/verification.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { authApi } from '../api/session.ts';

/** Forgot your password, step 1: the email address the reset code goes to. */
export function ResetRequestCard({
  defaultEmail,
  onSent,
  onCancel,
}: {
  defaultEmail: string;
  onSent: (email: string) => void;
  onCancel: () => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const emailRef = useFocusOnOpen();
  const send = useMutation({
    mutationFn: authApi.forgotPassword,
    meta: { ignoreUnauthorized: true },
    onSuccess: (_answer, body) => {
      toast({
        title: 'Reset code sent',
        description: 'If an account with this email exists, you will receive a password reset code shortly',
      });
      onSent(body.email);
    },
    onError: (e) =>
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to send reset code. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <InlineCard
      id="reset-request"
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a 6-digit code to reset your password."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={submitWith(ForgotPasswordRequest, setErrors, (data) => {
          send.mutate(data);
        })}
      >
        <Field
          id="reset-request-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={defaultEmail}
          error={errors.email}
          inputRef={emailRef}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Reset Code'}
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </InlineCard>
  );
}

/** Forgot your password, step 2: the code from the email and the new password. */
export function ResetCodeCard({
  email,
  onBack,
  onSendAgain,
  onDone,
}: {
  email: string;
  onBack: () => void;
  onSendAgain: () => void;
  onDone: () => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const codeRef = useFocusOnOpen();
  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    meta: { ignoreUnauthorized: true },
    onSuccess: (answer) => {
      toast({ title: 'Password reset successful', description: answer?.message });
      onDone();
    },
    onError: (e) =>
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to reset password. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <InlineCard
      id="reset-code"
      title="Reset Password"
      description="Enter the 6-digit code we emailed you and choose a new password."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={submitWith(ResetPasswordRequest, setErrors, (data) => {
          reset.mutate(data);
        })}
      >
        <Field
          id="reset-code-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={errors.email}
        />
        <CodeField id="reset-code-code" error={errors.verificationCode} inputRef={codeRef} />
        <NewPasswordFields idPrefix="reset-code" errors={errors} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
        </div>
        <p className="text-sm text-slate-600">
          Didn't get a code?{' '}
          <button
            type="button"
            onClick={onSendAgain}
            className="font-medium text-amber-700 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            Send again
          </button>
        </p>
      </form>
    </InlineCard>
  );
}

/**
 * After registering, or when sign-in is refused for an unverified address: the code mailed to the
 * (fixed) address confirms it; the user then signs in.
 */
export function VerifyEmailCard({
  email,
  onVerified,
  onCancel,
}: {
  email: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const codeRef = useFocusOnOpen();
  const verify = useMutation({
    mutationFn: authApi.verifyEmail,
    meta: { ignoreUnauthorized: true },
    onSuccess: () => {
      toast({
        title: 'Email verified',
        description: 'Your email has been verified successfully! You can now log in.',
      });
      onVerified();
    },
    onError: codeToasts.verifyFailed,
  });
  const resend = useMutation({
    mutationFn: authApi.resendVerification,
    meta: { ignoreUnauthorized: true },
    onSuccess: codeToasts.resent,
    onError: codeToasts.resendFailed,
  });
  return (
    <InlineCard
      id="verify-email"
      title="Verify Your Email"
      description={
        <>
          We sent a 6-digit code to <strong className="font-medium text-slate-900">{email}</strong>. Enter it
          to activate your account.
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={submitWith(VerifyEmailRequest, setErrors, (data) => {
          verify.mutate(data);
        })}
      >
        <Field
          id="verify-email-email"
          name="email"
          label="Email"
          type="email"
          defaultValue={email}
          readOnly
          error={errors.email}
        />
        <CodeField id="verify-email-code" error={errors.verificationCode} inputRef={codeRef} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify Email'}
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        <ResendCode
          pending={resend.isPending}
          onResend={() => {
            const parsed = ResendVerificationRequest.safeParse({ email });
            if (!parsed.success) return setErrors(issues(parsed.error));
            resend.mutate(parsed.data);
          }}
        />
      </form>
    </InlineCard>
  );
}
