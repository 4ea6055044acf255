import { ChangePasswordForm, ProfileRequest, type User } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Errors, Field, NewPasswordFields, submitWith } from '../../../components/form.tsx';
import { PhoneInput } from '../../../components/PhoneInput.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { apiRequest, errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PendingEmailCard } from './PendingEmailCard.tsx';

/** An avatar may be at most 5 MB (docs/architecture.md §7). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The phone helpers live with the shared phone input; re-exported for callers of this page. */
export { COUNTRIES, phoneValue } from '../../../components/PhoneInput.tsx';

function ProfileTab({ user }: { user: User }) {
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: unknown) => apiRequest<User>('PATCH', '/api/user/profile', body),
    onSuccess: ({ needsEmailVerification, ...saved }) => {
      queryClient.setQueryData(queryKeys.session, saved);
      // A new email is not in force yet: say where its code went (the card below asks for it).
      toast({
        title: 'Profile Updated',
        description: needsEmailVerification
          ? `We sent a 6-digit code to ${saved.pendingEmail}. Enter it to confirm your new email.`
          : undefined,
      });
    },
    onError: (e) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(e, 'Failed to update profile. Please try again.'),
        variant: 'destructive',
      }),
  });
  const onAvatar = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast({
        title: 'File Too Large',
        description: 'Please select an image smaller than 5MB.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Avatar upload feature will be available soon.' });
  };
  const initials =
    `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}` || user.username[0].toUpperCase();
  return (
    <>
      <Card title="Profile">
        <div className="mb-4 flex items-center gap-4">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-xl font-bold text-amber-800">
            {initials}
          </span>
          <label className="cursor-pointer text-sm font-medium text-amber-700 hover:underline">
            Change avatar
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(e) => onAvatar(e.target.files?.[0])}
            />
          </label>
        </div>
        <form
          noValidate
          className="space-y-4"
          onSubmit={submitWith(ProfileRequest, setErrors, (data) => {
            save.mutate(data);
          })}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="firstName"
              label="First name"
              defaultValue={user.firstName ?? ''}
              error={errors.firstName}
              autoComplete="given-name"
            />
            <Field
              name="lastName"
              label="Last name"
              defaultValue={user.lastName ?? ''}
              error={errors.lastName}
              autoComplete="family-name"
            />
          </div>
          <Field
            name="email"
            label="Email"
            type="email"
            defaultValue={user.email ?? ''}
            error={errors.email}
            autoComplete="email"
          />
          <PhoneInput id="settings-phone" label="Phone" defaultValue={user.phone} error={errors.phone} />
          <Button type="submit" disabled={save.isPending}>
            Save Changes
          </Button>
        </form>
      </Card>
      {user.pendingEmail && (
        <PendingEmailCard key={user.pendingEmail} email={user.email} pendingEmail={user.pendingEmail} />
      )}
    </>
  );
}

function SecurityTab({ user }: { user: User }) {
  const [errors, setErrors] = useState<Errors>({});
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest('PATCH', '/api/user/password', body),
    meta: { ignoreUnauthorized: true },
    onSuccess: () => toast({ title: 'Password Changed' }),
    onError: (e) =>
      toast({
        title: 'Password Change Failed',
        description: errorMessage(e, 'Failed to change password. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title="Change Password">
        <form
          noValidate
          className="space-y-4"
          onSubmit={submitWith(ChangePasswordForm, setErrors, (data, form) => {
            change.mutate(
              { currentPassword: data.currentPassword, newPassword: data.newPassword },
              { onSuccess: () => form.reset() },
            );
          })}
        >
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <NewPasswordFields errors={errors} />
          <Button type="submit" disabled={change.isPending}>
            Change Password
          </Button>
        </form>
      </Card>
      <Card title="Account">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Username</dt>
          <dd className="font-medium">{user.username}</dd>
          <dt className="text-slate-600">Account Since</dt>
          <dd className="font-medium">
            {user.createdAt ? new Date(user.createdAt).toLocaleDateString() : 'N/A'}
          </dd>
        </dl>
      </Card>
    </div>
  );
}

/** /settings: the Profile and Security tabs. */
export function SettingsPage({ user }: { user: User }) {
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8">
      <Link to="/" className="text-sm font-medium text-amber-700 hover:underline">
        ← Back to home
      </Link>
      <h1 className="mt-4 mb-6 text-3xl font-bold text-slate-900">Settings</h1>
      <Tabs
        label="Settings"
        tabs={[
          { value: 'profile', label: 'Profile', content: <ProfileTab user={user} /> },
          { value: 'security', label: 'Security', content: <SecurityTab user={user} /> },
        ]}
      />
    </main>
  );
}
