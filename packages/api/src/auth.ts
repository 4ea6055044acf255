import { z } from 'zod';
import { PageQuery, withoutControls } from './common.ts';
import { text } from './text.ts';

// ---- Field rules (docs/api.md §3, "Field rules") ----

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const Username = text('Username is required')
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, _, - and .');

const PASSWORD_MIN = 'Password must be at least 6 characters';
/** bcrypt reads 72 bytes; a longer password would be silently cut. */
const fitsBcrypt = (p: string) => new TextEncoder().encode(p).length <= 72;

export const NewPassword = text('Password is required')
  .min(6, PASSWORD_MIN)
  .refine(fitsBcrypt, 'Password is too long (at most 72 characters)');

export const Email = text('Email is required')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

/** The reset, verification and resend cards word a bad address differently. */
const CardEmail = text('Please enter a valid email address')
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const VerificationCode = text('Verification code must be 6 digits')
  .trim()
  .regex(/^\d{6}$/, 'Verification code must be 6 digits');

// ---- Requests ----

export const LoginRequest = z.object({
  /** A username or an email address. */
  username: withoutControls(
    text('Username or email is required')
      .trim()
      .min(3, 'Username or email must be at least 3 characters')
      .max(254, 'Username or email is too long'),
  ),
  password: text('Password is required').min(6, PASSWORD_MIN).max(1024, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z
  .object({
    email: CardEmail,
    verificationCode: VerificationCode,
    newPassword: NewPassword,
    confirmPassword: text('Please confirm your new password'),
  })
  .refine((r) => r.newPassword === r.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const VerifyEmailRequest = z.object({ email: CardEmail, verificationCode: VerificationCode });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

export const ResendVerificationRequest = z.object({ email: CardEmail });
export type ResendVerificationRequest = z.infer<typeof ResendVerificationRequest>;

/** Both password-change calls (home dialog and settings). */
export const ChangePasswordRequest = z.object({
  currentPassword: text('Current password is required').min(1, 'Current password is required'),
  newPassword: text('New password must be at least 6 characters')
    .min(6, 'New password must be at least 6 characters')
    .refine(fitsBcrypt, 'Password is too long (at most 72 characters)'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The password-change forms: the confirmation is checked here and not sent. */
export const ChangePasswordForm = ChangePasswordRequest.extend({
  confirmPassword: text('Please confirm your new password').min(1, 'Please confirm your new password'),
}).refine((f) => f.newPassword === f.confirmPassword, {
  message: "New passwords don't match",
  path: ['confirmPassword'],
});

/** Settings: the code mailed to the new address of a pending email change. */
export const ConfirmEmailRequest = z.object({ verificationCode: VerificationCode });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

// ---- Responses ----

/** A user as every call shows it (the user themself, or an admin's list). */
export const User = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isBlocked: z.boolean(),
  /** Marked by an admin as violating the terms: off the leaderboards, said on the profile. */
  tosViolation: z.boolean(),
  lastActivityAt: z.string().nullable(),
  /** Present (true) when the email address still has to be verified with a code. */
  needsEmailVerification: z.boolean().optional(),
  /** Present while a new address waits for its code; `email` stays in force until then. */
  pendingEmail: z.string().optional(),
});
export type User = z.infer<typeof User>;

/** The answer of the code, reset and password calls. */
export const SuccessResponse = z.object({ success: z.literal(true), message: z.string() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** Registration: the new user (signed in), or, when the email must be verified first, this. */
export const RegisterPendingResponse = SuccessResponse.extend({
  user: z.object({ needsEmailVerification: z.literal(true), email: z.string() }),
});
export type RegisterPendingResponse = z.infer<typeof RegisterPendingResponse>;
export const RegisterResponse = z.union([RegisterPendingResponse, User]);
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const GoogleLoginResponse = z.object({ authUrl: z.string() });
export type GoogleLoginResponse = z.infer<typeof GoogleLoginResponse>;

// ---- Administration of accounts ----

/** `GET /api/admin/users?q=&page=&pageSize=`: a search and a page. */
export const AdminUsersQuery = PageQuery.extend({
  q: withoutControls(z.string({ error: 'Expected text' }).trim().max(100, 'Search is too long')).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

const UserId = withoutControls(
  text('userId is required').min(1, 'userId is required').max(100, 'Unknown user'),
);

export const BlockUserRequest = z.object({
  userId: UserId,
  isBlocked: z.boolean({ error: 'isBlocked must be true or false' }),
});
export type BlockUserRequest = z.infer<typeof BlockUserRequest>;

export const UpdateAdminRequest = z.object({
  userId: UserId,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type UpdateAdminRequest = z.infer<typeof UpdateAdminRequest>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
