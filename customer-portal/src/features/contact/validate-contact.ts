// By path: the package's root brings zod, and this file has no dependency (as lists.ts does for the country list).
import { PHONE_TEXT_MAX, phoneProblem } from '../../../../services/contracts/src/phone';
import { contactText as text } from '../../messages/contact';

export type ContactValues = { email: string; name: string; phoneNumber: string; subject: string; textField: string };
export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/** The form's fields in the order they show; the first with an error gets focus. */
export const CONTACT_FIELDS = ['email', 'name', 'phoneNumber', 'subject', 'textField'] as const satisfies readonly (keyof ContactValues)[];

// One '@', something before it, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The contact form's rules (spec §5, §9): every field required, a well-formed email, a phone number of 10 to 15
 * digits, however they are grouped (the server's own rule, phone.ts).
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = text.emailRequired;
  else if (!EMAIL.test(email)) errors.email = text.emailInvalid;
  if (values.name.trim() === '') errors.name = text.nameRequired;
  const phone = phoneProblem(values.phoneNumber);
  if (phone === 'required') errors.phoneNumber = text.phoneRequired;
  else if (phone === 'too-long') errors.phoneNumber = text.phoneTooLong(PHONE_TEXT_MAX);
  else if (phone !== undefined) errors.phoneNumber = text.phoneLength;
  if (values.subject.trim() === '') errors.subject = text.subjectRequired;
  if (values.textField.trim() === '') errors.textField = text.messageRequired;
  return errors;
}

/**
 * The server's 400 names the fields it refused, the contract's message after the field
 * (`phoneNumber: Phone Number Should be 10 to 15 Digits; email: Invalid Email Address`): those go under their fields,
 * so a rule only the server checks reads like the others. Undefined when the message names none of the form's fields.
 */
export function serverFieldErrors(message: string): ContactErrors | undefined {
  const errors: ContactErrors = {};
  for (const part of message.split('; ')) {
    const match = /^(\w+)(: | )(.+)$/.exec(part);
    const field = CONTACT_FIELDS.find((name) => name === match?.[1]);
    if (match && field && errors[field] === undefined) errors[field] = match[2] === ': ' ? match[3] : part;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
