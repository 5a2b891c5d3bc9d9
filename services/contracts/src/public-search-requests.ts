import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { LINE_CONTROL_CHARACTERS, requiredString } from './common';
import { LANGUAGE_CODES } from './languages';

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

/**
 * A code from a fixed list, or nothing: absent or '' searches every language or country (the form preselects
 * one; none is required). A code that is not on the list is refused.
 */
const optionalCode = (field: string, codes: ReadonlySet<string>, normalise: (v: string) => string) =>
  z
    .string({ error: `${field} must be a string` })
    .max(10, { message: `${field} is not a known code`, abort: true })
    .transform((v) => normalise(v.trim()))
    .refine((v) => v === '' || codes.has(v), { message: `${field} is not a known code` })
    .optional()
    .transform((v) => v ?? '');

/** How many of the reader's languages order the results (their browser's first few; more says nothing more). */
export const READER_LANGUAGES_MAX = 5;

/**
 * The reader's languages, most preferred first (navigator.languages or Accept-Language tags: 'de-AT', 'fr'): an
 * ordering hint only, bounded in count and length before anything reads them, reduced to the known primary codes.
 */
const readerLanguages = z
  .array(z.string({ error: 'readerLanguages must be language tags' }).max(35, { message: 'readerLanguages must be language tags', abort: true }), {
    error: 'readerLanguages must be a list of language tags',
  })
  .max(READER_LANGUAGES_MAX, { message: `readerLanguages must list at most ${READER_LANGUAGES_MAX} languages` })
  .optional()
  .transform((tags) => [
    ...new Set((tags ?? []).map((tag) => tag.trim().split(/[-_]/)[0]!.toLowerCase()).filter((code) => LANGUAGE_CODES.has(code))),
  ]);

/** POST /module2/searchDocuments/: the link (customer, family, token) and what the visitor searched for. */
export const PublicSearchBody = z.object({
  language: optionalCode('language', LANGUAGE_CODES, (v) => v.toLowerCase()),
  country: optionalCode('country', COUNTRY_CODES, (v) => v.toUpperCase()),
  readerLanguages,
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
