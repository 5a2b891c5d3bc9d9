import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { LINE_CONTROL_CHARACTERS, requiredString } from './common';
import { LANGUAGE_CODES } from './languages';
import { PUBLIC_MESSAGES } from './public';

/**
 * The server's validation of the public search and download (spec §7.4), in full zod: bounded first, control
 * characters refused, messages naming the field.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional text, bounded before anything runs on it, trimmed ('' when absent). */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max * 4 + 64, { message: `${field} must be at most ${max} characters`, abort: true })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), { message: `${field} must not contain control characters`, abort: true })
    .transform((v) => v.trim())
    .pipe(z.string().max(max, { message: `${field} must be at most ${max} characters` }))
    .optional()
    .transform((v) => v ?? '');

/** A code from a fixed list, required, with the spec-style message when missing or unknown. */
const codeField = (field: string, codes: ReadonlySet<string>, missing: string, normalise: (v: string) => string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${field} must be a string`) })
    .max(10, { message: missing, abort: true })
    .transform((v) => normalise(v.trim()))
    .refine((v) => v !== '', { message: missing, abort: true })
    .refine((v) => codes.has(v), { message: `${field} is not a known code` });

/** POST /module2/searchDocuments/: the link (customer, family, token) and what the visitor searched for. */
export const PublicSearchBody = z.object({
  language: codeField('language', LANGUAGE_CODES, PUBLIC_MESSAGES.selectLanguage, (v) => v.toLowerCase()),
  country: codeField('country', COUNTRY_CODES, PUBLIC_MESSAGES.selectCountry, (v) => v.toUpperCase()),
  keyword: optionalText('keyword', 200),
  documentNumber: optionalText('documentNumber', 100),
  // Accepted and not used: the link names the customer and family (spec §7.4 lists them).
  productName: optionalText('productName', 200),
  encryptedCustomerId: optionalText('encryptedCustomerId', 1000),
  encryptedEmail: requiredString('encryptedEmail', 1000),
  customerName: requiredString('customerName', 200),
  parentChangeId: requiredString('parentChangeId', 100).regex(UUID, 'must be a change order id').transform((v) => v.toLowerCase()),
});
export type PublicSearchBody = z.infer<typeof PublicSearchBody>;

/** POST /module2/getDocumentURL: a document of the results and the link's token; the searched country is recorded. */
export const GetDocumentUrlBody = z.object({
  docId: requiredString('docId', 100).regex(UUID, 'must be a document id').transform((v) => v.toLowerCase()),
  encryptedUserEmail: requiredString('encryptedUserEmail', 1000),
  country: optionalText('country', 10)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || COUNTRY_CODES.has(v), { message: 'country is not a known code' }),
});
export type GetDocumentUrlBody = z.infer<typeof GetDocumentUrlBody>;
