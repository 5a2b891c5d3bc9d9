import { passwordText, reasonText, signatureCredentials, SIGNATURE_MESSAGES } from '@ifu/contracts';
import { z } from 'zod';

/** The signer's own username and password, as the form holds them. */
export type SignerCredentials = { username: string; password: string };

/** Everything the form can hold: the signature, its confirmation and a reason (each only where asked for). */
export type SignedValues = SignerCredentials & { confirmPassword: string; reason: string };
export type SignedField = keyof SignedValues;

/**
 * What the form asks for. Every rule comes from the contracts (`signatureCredentials`, `passwordText`, `reasonText`,
 * `REASON_MAX`), the ones the server checks the same request with.
 */
export type SignedFormRules = {
  /**
   * `sign`: Username and Password (the default); `sign-and-confirm`: also Confirm Password, 'Password Mismatch' said
   * next to it as soon as it differs; `none`: a confirmation that is not signed (who is the logged-in user).
   */
  signature?: 'sign' | 'sign-and-confirm' | 'none';
  /** Shown under an empty username or password (spec §5); deactivation and file deletion: 'Enter Username and Password'. */
  message?: string;
  /** A Reason field (at most {@link REASON_MAX} characters, a counter under it); `required` says 'Enter Reason' when empty. */
  reason?: { required: boolean; label?: string; helperText?: string };
  /**
   * Spec §2.4, §2.7: the submit button appears only once every field is filled and nothing is wrong. It is never
   * hidden silently: each field says what is wrong next to it, and a line stands where the button will be.
   */
  submitWhenReady?: boolean;
};

/** The form's schema, from the contracts' own field rules. */
export const signedFormSchema = ({ signature = 'sign', message, reason }: SignedFormRules) => {
  const credentials = signature === 'none' ? {} : signatureCredentials(message ? { username: message, password: message } : undefined).shape;
  return z
    .object({
      ...credentials,
      ...(signature === 'sign-and-confirm' ? { confirmPassword: passwordText(SIGNATURE_MESSAGES.enterConfirmPassword) } : {}),
      // The length message names the field as it is labelled (a review's 'Comments', elsewhere 'Reason').
      ...(reason
        ? {
            reason: reasonText({
              ...(reason.required ? { required: SIGNATURE_MESSAGES.enterReason } : {}),
              ...(reason.label && reason.label !== 'Reason' ? { tooLong: SIGNATURE_MESSAGES.reasonTooLong.replace('Reason', reason.label) } : {}),
            }),
          }
        : {}),
    })
    .refine((values) => !('confirmPassword' in values) || values.confirmPassword === (values as Partial<SignerCredentials>).password, {
      path: ['confirmPassword'],
      message: SIGNATURE_MESSAGES.passwordMismatch,
      // Said even while another field is still missing.
      when: ({ value }) => {
        const { password, confirmPassword } = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
        return typeof password === 'string' && typeof confirmPassword === 'string' && confirmPassword !== '';
      },
    });
};

export const SIGNED_DEFAULTS: SignedValues = { username: '', password: '', confirmPassword: '', reason: '' };

/** Every field the rules ask for holds something. */
export const signedFormFilled = ({ signature = 'sign', reason }: SignedFormRules, values: Partial<SignedValues>) =>
  (signature === 'none' || Boolean(values.username?.trim() && values.password)) &&
  (signature !== 'sign-and-confirm' || Boolean(values.confirmPassword)) &&
  (!reason?.required || Boolean(values.reason?.trim()));

/** A confirmation has been typed and differs from the password. */
export const passwordMismatch = ({ password, confirmPassword }: Partial<SignedValues>) => Boolean(confirmPassword) && password !== confirmPassword;

/**
 * Each field's first error, as the form shows it: the schema's, and 'Password Mismatch' as soon as a typed
 * confirmation differs, even while another field is still missing (the schema's own check waits for the others).
 */
export const signedFormErrors = (rules: SignedFormRules, values: Partial<SignedValues>): Array<{ field: SignedField; message: string }> => {
  const result = signedFormSchema(rules).safeParse(values);
  const errors = new Map<SignedField, string>();
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as SignedField;
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  if (rules.signature === 'sign-and-confirm' && passwordMismatch(values) && !errors.has('confirmPassword')) {
    errors.set('confirmPassword', SIGNATURE_MESSAGES.passwordMismatch);
  }
  return [...errors].map(([field, message]) => ({ field, message }));
};

/** The form's values as the call takes them (the reason trimmed), or undefined while a field is wrong. */
export const signedFormValues = (rules: SignedFormRules, values: Partial<SignedValues>): SignedValues | undefined => {
  if (signedFormErrors(rules, values).length > 0) return undefined;
  const parsed = signedFormSchema(rules).parse(values) as Partial<SignedValues>;
  return { ...SIGNED_DEFAULTS, ...parsed };
};
