import { z } from 'zod';
import { CONTROL_CHARACTERS, emailField, requiredString, requiredText } from './common';
import { PHONE_TEXT_MAX, phoneProblem } from './phone';
import { PUBLIC_MESSAGES } from './public';
import { PUBLIC_REFUSAL_LANGUAGES } from './public-refusals';

/**
 * The server's validation of the public portal's requests (spec §5 contact form, §7.4), in full zod: every text
 * bounded before anything else runs on it, control characters refused, messages naming the field. The portal's own
 * light contracts (`@ifu/contracts/public`, zod/mini) only type the same bodies.
 */

/** A customer's name as a public URL or request carries it: the registry's limit. */
const PUBLIC_CUSTOMER_NAME_MAX = 200;
/** Longest contact message (spec §3 contact message `textField`). */
export const CONTACT_MESSAGE_MAX = 5000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A change order id (a UUID), lower-cased. */
const parentChangeIdField = requiredString('parentChangeId', 100)
  .regex(UUID, 'must be a change order id')
  .transform((v) => v.toLowerCase());

const customerNameField = requiredString('customerName', PUBLIC_CUSTOMER_NAME_MAX);

/**
 * POST /module2/sendSearchURLLink: the visitor's address, the customer (current or former name) and the family; and,
 * beyond the spec's payload, optionally the language the portal shows (its refusals are said in it).
 */
export const SendSearchLinkBody = z.object({
  customerName: customerNameField,
  userEmail: emailField({ required: 'userEmail is required', invalid: 'must be a valid email address' }),
  parentChangeId: parentChangeIdField,
  /** The portal's language (an addition): refusals and the mail are said in it; absent: the browser's, else English. */
  language: z.enum(PUBLIC_REFUSAL_LANGUAGES, { error: 'language must be one of en, de, fr, es, it' }).optional(),
});
export type SendSearchLinkBody = z.infer<typeof SendSearchLinkBody>;

/**
 * POST /module2/openSearchLink: a customer with open access gives its visitors the family's search page
 * without an email: the answer is the page's address, its link carrying no address.
 */
export const OpenSearchLinkBody = z.object({
  customerName: customerNameField,
  parentChangeId: parentChangeIdField,
});
export type OpenSearchLinkBody = z.infer<typeof OpenSearchLinkBody>;

/**
 * POST /module2/checkSearchLink. The token is only bounded here: whether it opens is the link's own check
 * (`search-link-invalid`, `search-link-expired`).
 */
export const CheckSearchLinkBody = z.object({
  customerName: customerNameField,
  // Only bounded: a mangled link's parentChangeId does not match its token, and the visitor is told the link is
  // not valid (400 search-link-invalid, with the offer of a new link) rather than shown a field's rule.
  parentChangeId: requiredString('parentChangeId', 100).transform((v) => v.toLowerCase()),
  encryptedEmail: requiredString('encryptedEmail', 1000),
});
export type CheckSearchLinkBody = z.infer<typeof CheckSearchLinkBody>;

/**
 * Spec §5: required, then 10 to 15 digits (phone.ts): bounded and free of control characters first, then only digits
 * and spaces, + ( ) . - between them, and the digits counted, not the characters ('+44 20 7946 0000' has 12).
 */
const contactPhoneField = requiredText(PUBLIC_MESSAGES.contactPhoneRequired, PHONE_TEXT_MAX).refine((v) => phoneProblem(v) === undefined, {
  message: PUBLIC_MESSAGES.contactPhoneLength,
});

/** The message may span lines: control characters but line breaks refused, bounded first. */
const contactMessageField = z
  .string({ error: (issue) => (issue.input === undefined ? PUBLIC_MESSAGES.contactMessageRequired : 'must be a string') })
  .max(CONTACT_MESSAGE_MAX * 4 + 64, { message: `must be at most ${CONTACT_MESSAGE_MAX} characters`, abort: true })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters', abort: true })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, { message: PUBLIC_MESSAGES.contactMessageRequired, abort: true })
      .max(CONTACT_MESSAGE_MAX, { message: `must be at most ${CONTACT_MESSAGE_MAX} characters` }),
  );

/**
 * POST /module2/contactUs (spec §3 contact message, §5 its messages). `website` is the honeypot: a field the page
 * hides from people, so a filled one is a robot's.
 */
export const ContactUsBody = z.object({
  email: emailField({ required: PUBLIC_MESSAGES.contactEmailRequired, invalid: PUBLIC_MESSAGES.contactEmailInvalid }),
  name: requiredText(PUBLIC_MESSAGES.contactNameRequired, 100),
  phoneNumber: contactPhoneField,
  subject: requiredText(PUBLIC_MESSAGES.contactSubjectRequired, 200),
  textField: contactMessageField,
  website: z.string({ error: 'must be a string' }).max(1000, 'must be at most 1000 characters').optional(),
});
export type ContactUsBody = z.infer<typeof ContactUsBody>;
