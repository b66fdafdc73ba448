import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

const v = messages.validation;

/** No spaces, something@something.tld */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional country code, then 3-3-4 digits with optional separators or brackets (spec §5). */
export const phonePattern = /^(\+?\d{1,3}[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

export const email = z
  .string({ error: v.email })
  .trim()
  .max(limits.emailMax, v.email)
  .regex(emailPattern, v.email)
  .transform((s) => s.toLowerCase());

const newPassword = z
  .string({ error: v.password })
  .min(1, v.password)
  .min(limits.passwordMin, v.passwordMin)
  .max(limits.passwordMax, v.tooLong(limits.passwordMax))
  .refine((s) => s.trim().length > 0, v.passwordBlank);

export const signinBody = z.object({
  email,
  password: z.string({ error: v.loginPassword }).min(1, v.loginPassword).max(limits.passwordMax),
});
export type SigninBody = z.input<typeof signinBody>;

export const signupBody = z
  .object({
    name: z
      .string({ error: v.firstName })
      .trim()
      .min(1, v.firstName)
      .max(limits.nameMax, v.tooLong(limits.nameMax)),
    email,
    phone: z
      .string()
      .trim()
      .refine((s) => s === '' || phonePattern.test(s), v.phone)
      .optional()
      .default(''),
    password: newPassword,
    confirm: z
      .string({ error: v.passwordConfirmation })
      .min(1, v.passwordConfirmation)
      .min(limits.passwordMin, v.passwordMin),
  })
  .refine((b) => b.password === b.confirm, { message: v.passwordMismatch, path: ['confirm'] });
export type SignupBody = z.input<typeof signupBody>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    password: newPassword,
    password_confirmation: z
      .string({ error: v.password })
      .min(1, v.password)
      .min(limits.passwordMin, v.passwordMin),
    token: z.string().min(1, v.required).max(200),
    email,
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: v.resetPasswordMismatch,
    path: ['password_confirmation'],
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/**
 * `POST /api/change_password` (not in the spec, which has no account page): a signed-in merchant's
 * current password and a new one, judged as at sign-up and reset. Field names follow reset_password's.
 */
export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: v.currentPassword })
      .min(1, v.currentPassword)
      .max(limits.passwordMax, v.tooLong(limits.passwordMax)),
    password: newPassword,
    password_confirmation: z
      .string({ error: v.passwordConfirmation })
      .min(1, v.passwordConfirmation)
      .max(limits.passwordMax, v.tooLong(limits.passwordMax)),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: v.passwordMismatch,
    path: ['password_confirmation'],
  })
  .refine((b) => b.password !== b.current_password, { message: v.passwordUnchanged, path: ['password'] });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The password was changed: this session stays, `endedSessions` others were signed out. */
export const changePasswordAnswer = z.object({ message: z.string(), endedSessions: z.number().int() });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswer>;

export const merchant = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() });
export type Merchant = z.infer<typeof merchant>;

export const sessionAnswer = z.object({ accessToken: z.string(), user: merchant });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const okAnswer = z.object({ message: z.string() });
