import { z } from 'zod';
import { Email, NewPassword, Username } from './auth.ts';
import { toE164 } from './phone.ts';
import { clearable, optional, personName, text } from './text.ts';

// The requests that carry a phone number. Apart from auth.ts, so that the phone metadata is bundled
// only with the pages that use them (sign-in and settings), not with every page that checks a form.

const Phone = text('Invalid phone number').transform((v, ctx) => {
  const e164 = toE164(v);
  if (!e164) ctx.addIssue({ code: 'custom', message: 'Invalid phone number' });
  return e164 ?? v;
});

export const RegisterRequest = z.object({
  username: Username,
  password: NewPassword,
  email: Email,
  phone: optional(Phone),
  firstName: optional(personName('First')),
  lastName: optional(personName('Last')),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The register form: the confirmation is checked here and not sent. */
export const RegisterForm = RegisterRequest.extend({ confirmPassword: z.string() }).refine(
  (f) => f.password === f.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
);

/**
 * Profile: both names required. Email and phone: absent leaves them as they are, '' or null
 * clears them, anything else must be valid (the phone is stored in E.164).
 */
export const ProfileRequest = z.object({
  firstName: personName('First').min(1, 'First name is required'),
  lastName: personName('Last').min(1, 'Last name is required'),
  email: clearable(
    z.string().max(254, 'Invalid email format').pipe(z.email('Invalid email format')),
    'Invalid email format',
  ),
  phone: clearable(Phone, 'Invalid phone number'),
});
export type ProfileRequest = z.infer<typeof ProfileRequest>;
