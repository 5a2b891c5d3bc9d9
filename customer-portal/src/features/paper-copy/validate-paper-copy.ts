import { PAPER_COPY_FORM_LIMITS as LIMITS, paperCopyText as text } from '../../messages/paper-copy';

export type PaperCopyValues = { name: string; address: string; email: string; quantity: string };
export type PaperCopyErrors = Partial<Record<keyof PaperCopyValues, string>>;

/** The form's fields in the order they show; the first with an error gets focus. */
export const PAPER_COPY_FIELDS = ['name', 'address', 'email', 'quantity'] as const satisfies readonly (keyof PaperCopyValues)[];

/** The contract's email rule (`EMAIL_PATTERN`: it cannot backtrack, and runs only on a bounded text). */
export const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- line breaks and tabs allowed in an address
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The contract's rules (PaperCopyRequestBody), so the visitor learns them before sending; the server checks them again. */
export function validatePaperCopy(values: PaperCopyValues): PaperCopyErrors {
  const errors: PaperCopyErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = text.nameRequired;
  else if (name.length > LIMITS.nameMax) errors.name = `${text.name} ${text.tooLong(LIMITS.nameMax)}`;
  else if (LINE_CONTROL.test(name)) errors.name = `${text.name} must not contain control characters`;
  const address = values.address.replace(/\r\n?/g, '\n').trim();
  if (address === '') errors.address = text.addressRequired;
  else if (address.length > LIMITS.addressMax) errors.address = `${text.address} ${text.tooLong(LIMITS.addressMax)}`;
  else if (CONTROL.test(address)) errors.address = `${text.address} must not contain control characters`;
  const email = values.email.trim();
  if (email === '') errors.email = text.emailRequired;
  else if (email.length > LIMITS.emailMax || !EMAIL.test(email)) errors.email = text.emailInvalid;
  const quantity = values.quantity.trim();
  const n = /^\d{1,3}$/.test(quantity) ? Number(quantity) : NaN;
  if (!(n >= LIMITS.quantityMin && n <= LIMITS.quantityMax)) errors.quantity = text.quantityRange;
  return errors;
}

/**
 * The server's 400 names the fields it refused (`email: Invalid Email Address; quantity: ...`): those go under their
 * fields. Undefined when the message names none of the form's fields.
 */
export function serverFieldErrors(message: string): PaperCopyErrors | undefined {
  const errors: PaperCopyErrors = {};
  for (const part of message.split('; ')) {
    const match = /^(\w+)(: | )(.+)$/.exec(part);
    const field = PAPER_COPY_FIELDS.find((name) => name === match?.[1]);
    if (match && field && errors[field] === undefined) errors[field] = match[2] === ': ' ? match[3] : part;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
