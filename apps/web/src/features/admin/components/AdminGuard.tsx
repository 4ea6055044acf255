import type { User } from '@sbc/api';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/toast-store.ts';

function Denied() {
  useEffect(() => {
    toast({
      title: 'Access Denied',
      description: "You don't have permission to access the admin panel.",
      variant: 'destructive',
    });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * /admin for admins only: a visitor or a user who is not an admin goes to / with 'Access Denied'.
 * (The server refuses them its admin calls anyway: docs/api.md §4.)
 */
export function AdminGuard({
  user,
  isLoading,
  children,
}: {
  user: User | null;
  isLoading: boolean;
  children: (admin: User) => ReactNode;
}) {
  if (isLoading) return <Spinner />;
  if (!user?.isAdmin) return <Denied />;
  return children(user);
}
