import { z } from 'zod';
import { CONTROL_CHARACTERS, passwordText, requiredText } from './common';

/** Spec §5 texts of the credential forms that sign a decision. */
export const SIGNATURE_MESSAGES = {
  enterUsername: 'Enter Username',
  enterPassword: 'Enter Password',
  enterConfirmPassword: 'Enter Confirm Password',
  passwordMismatch: 'Password Mismatch',
  enterUsernameAndPassword: 'Enter Username and Password',
  enterReason: 'Enter Reason',
  reasonTooLong: "Reason can't be more than 255 characters.",
} as const;

/** Spec §9: a reason (of a decision, of an accessibility switch) is at most 255 characters, counted after trimming. */
export const REASON_MAX = 255;

/**
 * The reason a signer or an ADMIN gives, as the server's contracts and the portal's dialogs both check it: several
 * lines allowed, trimmed, at most {@link REASON_MAX} characters; `required` is the message when it is left empty
 * (leave it out for an optional reason).
 */
export const reasonText = ({ required, tooLong = SIGNATURE_MESSAGES.reasonTooLong }: { required?: string; tooLong?: string } = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined && required ? required : 'must be a string') })
    .max(REASON_MAX * 4 + 64, { message: tooLong, abort: true })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters', abort: true })
    .trim()
    .min(required ? 1 : 0, { message: required ?? '', abort: true })
    .max(REASON_MAX, { message: tooLong, abort: true });

/**
 * What an electronic signature means (architecture §2). `authorship`: the signer wrote the record or part of it (a
 * change order, a child added); `modification`: they changed what was written (a child edited), so that the trail and
 * the manifest tell a change of a signed text from its writing.
 */
export const SignatureMeaning = z.enum(['authorship', 'modification', 'approval', 'rejection', 'deactivation', 'reactivation', 'file-deletion', 'review', 'periodic-review', 'factor-reset', 'reassignment']);
export type SignatureMeaning = z.infer<typeof SignatureMeaning>;

/** What each signature means, in words: one list for every screen, the audit trail's pages and the signature manifest. */
export const SIGNATURE_MEANING_LABELS: Readonly<Record<SignatureMeaning, string>> = {
  authorship: 'Authorship',
  modification: 'Modification',
  approval: 'Approval',
  rejection: 'Rejection',
  deactivation: 'Deactivation',
  reactivation: 'Reactivation',
  'file-deletion': 'File deletion',
  review: 'Audit trail review',
  'periodic-review': 'Periodic review',
  'factor-reset': 'Second factor reset',
  reassignment: 'Reassignment',
};

/** What was signed: the record's stream at the version the signer saw, and the file's SHA-256 where a file is signed. */
export const SignedSubject = z.object({
  stream: z.string(),
  version: z.number().int(),
  sha256: z.string().optional(),
  /**
   * How the version was bound when the signer named none (no If-Match, as the spec's own payloads): `recorded-view`,
   * the version they last opened, at `viewedAt` (UTC). Absent when the signer named the version, or signed as author.
   */
  boundBy: z.literal('recorded-view').optional(),
  viewedAt: z.string().optional(),
});
export type SignedSubject = z.infer<typeof SignedSubject>;

/** The electronic signature a signed event carries: who (id, printed name, email), when (UTC), what it means, on what. */
export const Signature = z.object({
  signerId: z.string(),
  name: z.string(),
  email: z.string(),
  signedAt: z.string(),
  meaning: SignatureMeaning,
  /** Absent only on signatures recorded before signatures were bound to their subject. */
  subject: SignedSubject.optional(),
});
export type Signature = z.infer<typeof Signature>;

/** The signer's own username and password, re-entered for the signature, with the form's messages when missing. */
export const signatureCredentials = (
  messages: { username: string; password: string } = { username: SIGNATURE_MESSAGES.enterUsername, password: SIGNATURE_MESSAGES.enterPassword },
) =>
  z.object({
    username: requiredText(messages.username, 254),
    password: passwordText(messages.password),
  });
export const SignatureCredentials = signatureCredentials();
export type SignatureCredentials = z.infer<typeof SignatureCredentials>;

/** Deactivation and file deletion ask for both with one message (spec §5). */
export const DeactivationCredentials = signatureCredentials({
  username: SIGNATURE_MESSAGES.enterUsernameAndPassword,
  password: SIGNATURE_MESSAGES.enterUsernameAndPassword,
});
