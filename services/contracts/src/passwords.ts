import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { emailAddress, emailedToken, LINE_CONTROL_CHARACTERS, passwordText, requiredText } from './common';

/** Spec §5 and §8 texts of the password screens. */
export const PASSWORD_MESSAGES = {
  enterNewPassword: 'Enter New Password',
  enterConfirmPassword: 'Enter Confirm Password',
  mismatch: 'Password Mismatch',
  enterUserName: 'Enter the UserName',
  enterOldPassword: 'Enter Old Password',
  userNameWrong: 'UserName is Wrong',
  didNotMatch: "Password didn't match",
  created: 'Password created successfully.',
  changed: 'Password changed successfully.',
  tooShort: 'Password must be at least 12 characters.',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  checkTooSlow: 'This password could not be checked in time. Try a shorter phrase.',
  sameAsEmail: 'Password must not be your email address.',
  tooCommon: 'This password is too common. Choose a less predictable one.',
  blank: 'Password must not be only spaces.',
  tooGuessable: 'This password is too easy to guess. Use a longer phrase of less common words.',
  linkInvalid: 'This link is not valid any more. Use Forgot Password? to get a new one.',
  linkValid: 'This link is valid: choose your password.',
  forgotSent: 'If this email belongs to an account, a link to set a new password has been sent to it.',
  setPasswordLinkSent: 'A link to set your password has been sent to your email.',
} as const;

/**
 * A new password as typed (set or change): not trimmed, and at most PASSWORD_MAX_LENGTH characters, refused before
 * anything else looks at it (a 1 KB password once held the strength estimate for minutes). Passwords already set
 * are checked with `passwordText`'s wider bound.
 */
export const newPasswordText = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') })
    .min(1, { message: required, abort: true })
    .max(PASSWORD_MAX_LENGTH, { message: PASSWORD_MESSAGES.tooLong, abort: true })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), 'must not contain control characters');

/** POST /user/forgot/password: answered the same whether or not the email exists. */
export const ForgotPasswordRequest = z.object({ email: emailAddress('email') });

/** POST /user/set/password (spec §3: token, password). */
export const SetPasswordRequest = z.object({
  token: emailedToken(),
  password: newPasswordText(PASSWORD_MESSAGES.enterNewPassword),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;

/**
 * POST /user/set/password/check (an addition to the spec's calls): whether the emailed link still works, asked by the
 * Reset Password page when it opens. 200 with a message, or 400 `password-link-invalid`; it records nothing.
 */
export const SetPasswordLinkCheckRequest = z.object({ token: emailedToken() });
export type SetPasswordLinkCheckRequest = z.infer<typeof SetPasswordLinkCheckRequest>;

/** POST /user/change/password (spec §7.1). `resettoken` is accepted for compatibility and not needed. */
export const ChangePasswordRequest = z.object({
  email: requiredText(PASSWORD_MESSAGES.enterUserName, 254),
  oldPassword: passwordText(PASSWORD_MESSAGES.enterOldPassword),
  newPassword: newPasswordText(PASSWORD_MESSAGES.enterNewPassword),
  resettoken: z.string().max(200).optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
