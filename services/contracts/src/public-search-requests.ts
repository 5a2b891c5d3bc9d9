import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { LINE_CONTROL_CHARACTERS, requiredString } from './common';
import { LANGUAGE_CODES } from './languages';
import { gs1CheckDigitValid, gtin14, gtinProblem } from './product-identifiers';

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

/** At most this many codes in one search by what is on the box (a GTIN, a part number, a lot: a label's few). */
export const IDENTIFIER_TERMS_MAX = 4;
/** One code as a box prints it: letters, digits and - . / _ + (a lot, a REF, a GTIN, a document number). */
const IDENTIFIER_TERM = /^[A-Za-z0-9._/+-]{1,40}$/;
/** A GS1 element string as a barcode reader types it: `(01)04012345678901(10)LOT-1`. */
const ELEMENT = /\((\d{2,4})\)([^()]{0,80})/g;

export const IDENTIFIER_MESSAGES = {
  characters: 'identifier must be a GTIN, a part number (REF), a document number or a lot: letters, digits and - . / _ +, up to 40 each',
  tooMany: `identifier must hold at most ${IDENTIFIER_TERMS_MAX} codes`,
  elementString: 'identifier is not a readable GS1 element string: (01) then the 14 digits of the GTIN, (10) then the lot',
} as const;

/** A code looked for: a GTIN (14 digits, check digit right) is also looked for as a number of any other kind. */
export interface IdentifierTerm {
  /** Lower case, as typed. */
  code: string;
  /** The 14-digit GTIN this code is, when it is one. */
  gtin?: string;
}

/** GS1 application identifiers of a label whose value names no document (dates): read and left out. */
const DATE_AIS = new Set(['11', '13', '15', '16', '17']);

/**
 * The codes a reader typed or scanned, or why they cannot be searched for: whitespace-separated codes, or one GS1
 * element string (its GTIN and lot; dates left out, serials too: a leaflet lists serial ranges, not serials). A code of
 * 13 or 14 digits can only be a GTIN: its check digit must be right (the same sentence as on the staff's form).
 */
export function identifierTerms(text: string): { terms: IdentifierTerm[] } | { problem: string } {
  const values: { value: string; ai?: string }[] = [];
  if (text.startsWith('(')) {
    let consumed = 0;
    for (const match of text.matchAll(ELEMENT)) {
      if (match.index !== consumed) return { problem: IDENTIFIER_MESSAGES.elementString };
      consumed = match.index + match[0].length;
      const [ai, value] = [match[1]!, match[2]!.trim()];
      if (ai === '01' || ai === '10' || ai === '240' || ai === '241') values.push({ value, ai });
      else if (!DATE_AIS.has(ai) && ai !== '21') values.push({ value });
    }
    if (consumed !== text.length || values.length === 0) return { problem: IDENTIFIER_MESSAGES.elementString };
  } else {
    for (const value of text.split(/\s+/)) if (value !== '') values.push({ value });
  }
  if (values.length > IDENTIFIER_TERMS_MAX) return { problem: IDENTIFIER_MESSAGES.tooMany };
  const terms: IdentifierTerm[] = [];
  for (const { value, ai } of values) {
    if (!IDENTIFIER_TERM.test(value)) return { problem: IDENTIFIER_MESSAGES.characters };
    const digits = /^[0-9]+$/.test(value);
    if (ai === '01' || (digits && (value.length === 13 || value.length === 14))) {
      const problem = gtinProblem(value);
      if (problem) return { problem };
      terms.push({ code: value.toLowerCase(), gtin: gtin14(value) });
    } else if (digits && (value.length === 8 || value.length === 12) && gs1CheckDigitValid(value)) {
      terms.push({ code: value, gtin: gtin14(value) });
    } else {
      terms.push({ code: value.toLowerCase() });
    }
  }
  const seen = new Set<string>();
  return { terms: terms.filter((term) => !seen.has(term.code) && seen.add(term.code)) };
}

/**
 * POST /module2/searchByIdentifier: on a customer's page, before a family is chosen, the customer's public documents
 * by what is on the box (GTIN / UDI-DI, part number, document number, lot), in the reader's country.
 */
export const IdentifierSearchBody = z.object({
  customerName: requiredString('customerName', 200),
  identifier: requiredString('identifier', 100).transform((value, ctx) => {
    const read = identifierTerms(value);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return read.terms;
  }),
  country: optionalCode('country', COUNTRY_CODES, (v) => v.toUpperCase()),
  readerLanguages,
});
export type IdentifierSearchBody = z.infer<typeof IdentifierSearchBody>;
