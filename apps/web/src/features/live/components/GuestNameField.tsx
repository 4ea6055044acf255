import { GUEST_NAME_MAX } from '@sbc/api';
import { Field } from '../../../components/form.tsx';
import { knownGuest } from '../api/guest.ts';

type Issue = { path: PropertyKey[]; message: string };
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

/**
 * A request's schema with the visitor's name (`field`) required, saying `required` when it is
 * missing (signed-in users give none: `required` null); the name's own rules are the schema's.
 */
export function withName<T>(
  schema: { safeParse: (d: unknown) => Parsed<T> },
  field: string,
  required: string | null,
) {
  return {
    safeParse(data: unknown): Parsed<T> {
      const parsed = schema.safeParse(data);
      const name = (data as Record<string, string | undefined>)[field];
      if (!required || name?.trim()) return parsed;
      const issues = [...(parsed.success ? [] : parsed.error.issues), { path: [field], message: required }];
      return { success: false, error: { issues } };
    },
  };
}

/** "Your name", asked of visitors only (a signed-in user plays as their account): the last one given. */
export function GuestNameField({ name, error }: { name: string; error?: string }) {
  return (
    <Field
      id={`guest-${name}`}
      name={name}
      label="Your name"
      autoComplete="nickname"
      maxLength={GUEST_NAME_MAX}
      defaultValue={knownGuest()?.name}
      error={error}
    />
  );
}
