import { fullName } from '../lib/format.ts';

/** A user in a table: the username, and the full name under it when there is one. */
export function UserCell({
  user,
}: {
  user: { username: string; firstName: string | null; lastName: string | null };
}) {
  const name = fullName(user);
  return (
    <span>
      <span className="block font-medium text-slate-900">{user.username}</span>
      {name && <span className="block text-xs text-slate-500">{name}</span>}
    </span>
  );
}
