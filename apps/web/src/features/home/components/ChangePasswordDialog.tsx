import { ChangePasswordRequest } from '@sbc/api';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field, NewPasswordFields } from '../../../components/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, isUnauthorized } from '../../../lib/http.ts';
import { changePassword } from '../api/games.ts';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmPassword', string>>;
export interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The home dialog's rules (docs/api.md §3, the password-change call): current at least 6
 * characters, new at least 6, and the confirmation equal to the new one (its message on the
 * confirmation field).
 */
export function validatePasswordChange(f: PasswordFields): Errors {
  const errors: Errors = {};
  if (f.currentPassword.length < 6) errors.currentPassword = 'Current password is required';
  if (f.newPassword.length < 6) errors.newPassword = 'New password must be at least 6 characters';
  if (f.confirmPassword !== f.newPassword) errors.confirmPassword = "New passwords don't match";
  if (Object.keys(errors).length > 0) return errors;
  // The shared request rules (for instance bcrypt's length limit).
  const parsed = ChangePasswordRequest.safeParse(f);
  if (!parsed.success) for (const i of parsed.error.issues) errors[i.path[0] as keyof Errors] ??= i.message;
  return errors;
}

/** Change Password, from the user menu of the signed-in home (POST /api/change-password). */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: 'Password changed', description: 'Your password has been updated successfully.' });
      setErrors({});
      onOpenChange(false);
    },
    onError: (e) => {
      if (isUnauthorized(e)) return; // the lost-session toast and redirect take over
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to change password. Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const fields: PasswordFields = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
      confirmPassword: String(data.get('confirmPassword') ?? ''),
    };
    const found = validatePasswordChange(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setErrors({});
        onOpenChange(o);
      }}
      title="Change Password"
      description="Enter your current password and choose a new one of at least 6 characters."
    >
      <form noValidate className="space-y-4" onSubmit={submit}>
        <Field
          id="change-password-currentPassword"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <NewPasswordFields idPrefix="change-password" errors={errors} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
