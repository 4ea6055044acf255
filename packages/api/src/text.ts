import { z } from 'zod';
import { withoutControls } from './common.ts';

// The building blocks of the account schemas (auth.ts, profile.ts); not part of the package's API.

/** A string field: `required` when it is absent, a type message when it is something else. */
export const text = (required: string) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Expected text'),
  });

/** An optional text: absent, null and blank all mean "not given" (undefined). */
export const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string({ error: 'Expected text' })
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .pipe(schema.optional());

/** A field that may be cleared: absent stays undefined (unchanged), null or blank becomes null. */
export const clearable = <T extends z.ZodType<unknown, string>>(schema: T, typeError: string) =>
  z
    .string({ error: typeError })
    .trim()
    .nullish()
    .transform((v) => (v === '' ? null : v))
    .pipe(schema.nullish());

/** A first or last name: at most 50 characters, none of them control characters. */
export const personName = (label: 'First' | 'Last') =>
  withoutControls(text(`${label} name is required`).trim().max(50, `${label} name too long`));
