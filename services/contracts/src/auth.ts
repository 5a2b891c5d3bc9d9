import { z } from 'zod';
import { emailAddress, emailedToken, passwordText, Role } from './common';
import { SecondFactorChallengeResponse } from './second-factor';
import { TaskMailPreference } from './task-mail';

/** Business constants of the login slice (spec §9, architecture §6). */
export const SESSION_INACTIVITY_MS = 600_000;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_DURATION_MS = 15 * 60_000;
export const PASSWORD_MAX_AGE_DAYS = 90;
export const PASSWORD_MIN_LENGTH = 12;
/** The longest new password: more than a person types, and a bound on the strength estimate's work. */
export const PASSWORD_MAX_LENGTH = 128;

/** POST /user/verify/email */
export const VerifyEmailRequest = z.object({ email: emailAddress('email') });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
export const VerifyEmailResponse = z.object({
  emailExist: z.boolean(),
  userActive: z.boolean(),
  passwordActive: z.boolean(),
  /** Beyond the spec: true when a password exists but is older than 90 days (the screen says it has expired). */
  passwordExpired: z.boolean().optional(),
  /** Set when the server emailed a set-password link (active user without an active password). */
  message: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

/** POST /user/get/token: `message` holds the bearer token (spec §3, Login response). */
export const GetTokenRequest = z.object({
  username: emailAddress('username'),
  password: passwordText('password is required'),
});
export type GetTokenRequest = z.infer<typeof GetTokenRequest>;
export const SessionResponse = z.object({
  message: z.string(),
  role: Role,
  // Beyond the spec's two fields, so the header can show the account name without another call.
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** An untrained user cannot sign; the portal says so where it offers a signature. */
  isTrainingCompleted: z.boolean().optional(),
  /**
   * An ADMIN without a second factor. The session works only for enrolling one (and /user/me, logout)
   * until it is set up.
   */
  secondFactorEnrolmentRequired: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;
/** A session, or for an account with a second factor, the challenge for the code step. */
export const GetTokenResponse = z.union([SessionResponse, SecondFactorChallengeResponse]);
export type GetTokenResponse = z.infer<typeof GetTokenResponse>;

/** POST /user/logout: revokes the caller's server-side session. */
export const LogoutResponse = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** GET /user/me: the logged-in account as the server sees it now (role changes apply at once). */
export const CurrentUserResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  /** Whether the account's training is recorded as completed now (an untrained user cannot sign). */
  isTrainingCompleted: z.boolean().optional(),
  /** Whether the account has an enrolled second factor, and whether it must enrol one before anything else. */
  secondFactorEnrolled: z.boolean(),
  secondFactorRequired: z.boolean(),
  /** How the mails about the user's tasks reach them (absent from older servers: one each). */
  taskMail: TaskMailPreference.optional(),
});
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

/** The owner lifts a lock with the emailed link. */
export const UNLOCK_MESSAGES = {
  unlocked: 'Your account is unlocked. You can log in again.',
} as const;

/** POST /user/unlock { token } (an addition to the spec's calls). */
export const UnlockRequest = z.object({
  token: emailedToken(),
});
export type UnlockRequest = z.infer<typeof UnlockRequest>;
