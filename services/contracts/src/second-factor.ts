import { z } from 'zod';
import { requiredString, requiredText } from './common';
import { DeactivationCredentials } from './signatures';

/** How many recovery codes an enrolment gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** The texts of the second factor's screens and answers. */
export const SECOND_FACTOR_MESSAGES = {
  enterCode: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  enrolmentCodeFormat: 'Enter the 6-digit code your authenticator app shows',
  enrolled: 'Your second factor is set up. Keep your recovery codes somewhere safe: each works once, and they are not shown again.',
  reset: "The user's second factor was removed. They set up a new one at their next login (an ADMIN must).",
} as const;

/** A 6-digit code, as typed (spaces allowed between the digits). */
const SIX_DIGITS = /^\d{6}$/;
/** A recovery code: 12 base32 letters, in three groups of four (the dashes are optional when typed). */
const RECOVERY_CODE = /^[a-z2-7]{4}-?[a-z2-7]{4}-?[a-z2-7]{4}$/;

/** A code as the user typed it, normalised: spaces removed, lowercase. Bounded before any pattern runs. */
const typedCode = (message: string) => requiredText(message, 32, message).transform((v) => v.replace(/ /g, '').toLowerCase());

/** POST /user/get/token/second-factor: the login's second step, with the challenge the password step gave. */
export const SecondFactorLoginRequest = z.object({
  challenge: requiredText('challenge is required', 1000, 'challenge is not valid'),
  code: typedCode(SECOND_FACTOR_MESSAGES.codeFormat).refine((v) => SIX_DIGITS.test(v) || RECOVERY_CODE.test(v), SECOND_FACTOR_MESSAGES.codeFormat),
});
export type SecondFactorLoginRequest = z.infer<typeof SecondFactorLoginRequest>;

/** Whether a typed (normalised) code is a recovery code rather than a 6-digit code. */
export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code);

/** The password step's answer for an account with a second factor: no session yet, a challenge for the code step. */
export const SecondFactorChallengeResponse = z.object({
  secondFactorRequired: z.literal(true),
  /** Names the account and the passed password step; good for 5 minutes. */
  challenge: z.string(),
  message: z.string(),
});
export type SecondFactorChallengeResponse = z.infer<typeof SecondFactorChallengeResponse>;

/** POST /user/second-factor/enrolment: a new secret for the user's authenticator app (shown once, as text and QR code). */
export const StartEnrolmentResponse = z.object({
  enrolmentId: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});
export type StartEnrolmentResponse = z.infer<typeof StartEnrolmentResponse>;

/** POST /user/second-factor/enrolment/confirm: the enrolment confirmed with a current code. */
export const ConfirmEnrolmentRequest = z.object({
  enrolmentId: requiredString('enrolmentId', 100),
  code: typedCode(SECOND_FACTOR_MESSAGES.enrolmentCodeFormat).refine((v) => SIX_DIGITS.test(v), SECOND_FACTOR_MESSAGES.enrolmentCodeFormat),
});
export type ConfirmEnrolmentRequest = z.infer<typeof ConfirmEnrolmentRequest>;

export const ConfirmEnrolmentResponse = z.object({
  message: z.string(),
  /** Shown once: only keyed hashes of them are kept. */
  recoveryCodes: z.array(z.string()),
});
export type ConfirmEnrolmentResponse = z.infer<typeof ConfirmEnrolmentResponse>;

/**
 * POST /user/second-factor/reset { id, username, password }: an ADMIN removes another user's second factor, signed
 * with their own credentials (meaning 'factor-reset') at the version the list showed (If-Match).
 */
export const ResetSecondFactorRequest = z.object({ id: requiredString('id', 100) }).extend(DeactivationCredentials.shape);
export type ResetSecondFactorRequest = z.infer<typeof ResetSecondFactorRequest>;
