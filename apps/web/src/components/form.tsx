import type { FormEvent, ReactNode, Ref } from 'react';

export type Errors = Record<string, string>;

/** A schema's issues as one message per field (the first), keyed by the field's name. */
export function issues(error: { issues: { path: PropertyKey[]; message: string }[] }): Errors {
  const out: Errors = {};
  for (const i of error.issues) {
    const key = String(i.path[0] ?? 'form');
    out[key] ??= i.message;
  }
  return out;
}

/** A submitted form's fields as strings. */
const formData = (e: FormEvent<HTMLFormElement>): Record<string, string> =>
  Object.fromEntries([...new FormData(e.currentTarget).entries()].map(([k, v]) => [k, String(v)]));

function toUpperCase(e: FormEvent<HTMLInputElement>): void {
  const input = e.currentTarget;
  const caret = input.selectionStart;
  input.value = input.value.toUpperCase();
  input.setSelectionRange(caret, caret);
}

/** A labelled input with its error below it (tied to it for screen readers). */
export function Field({
  name,
  label,
  id = `field-${name}`,
  type = 'text',
  autoComplete,
  error,
  optional,
  defaultValue,
  readOnly,
  maxLength,
  inputMode,
  placeholder,
  inputRef,
  upperCase,
  rows,
}: {
  name: string;
  label: ReactNode;
  id?: string;
  type?: string;
  autoComplete?: string;
  error?: string;
  optional?: boolean;
  defaultValue?: string;
  readOnly?: boolean;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Upper-cases what is typed (a room code), keeping the caret where it was. */
  upperCase?: boolean;
  /** A paragraph: a text area of this many rows. */
  rows?: number;
}) {
  const shared = {
    id,
    name,
    defaultValue,
    readOnly,
    maxLength,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className:
      'w-full rounded-md border border-slate-300 px-3 text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none read-only:bg-slate-100 read-only:text-slate-600 aria-[invalid=true]:border-red-500',
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label} {optional && <span className="font-normal text-slate-400">(optional)</span>}
      </label>
      {rows ? (
        <textarea {...shared} rows={rows} className={`${shared.className} py-2`} />
      ) : (
        <input
          {...shared}
          ref={inputRef}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onInput={upperCase ? toUpperCase : undefined}
          className={`${shared.className} h-10`}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

type Parse<T> = (
  data: unknown,
) =>
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * A form's submit handler: reads the fields, checks them with the shared request schema, shows
 * one message per bad field, and hands the parsed values (and the form) on when they are good.
 */
export function submitWith<T>(
  schema: { safeParse: Parse<T> },
  setErrors: (errors: Errors) => void,
  onValid: (data: T, form: HTMLFormElement) => void,
) {
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = schema.safeParse(formData(e));
    if (!parsed.success) return setErrors(issues(parsed.error));
    setErrors({});
    onValid(parsed.data, e.currentTarget);
  };
}

/** "New password" and "Confirm new password", as every form that sets a password asks them. */
export function NewPasswordFields({
  idPrefix = 'field',
  errors,
}: {
  idPrefix?: string;
  errors: { newPassword?: string; confirmPassword?: string };
}) {
  return (
    <>
      <Field
        id={`${idPrefix}-newPassword`}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword}
      />
      <Field
        id={`${idPrefix}-confirmPassword`}
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}
