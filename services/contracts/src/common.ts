import { z } from 'zod';

/**
 * Contracts carry plain messages (the spec's texts); the server's validation answer adds the field name in front
 * ('customerName: Enter Customer Name'), and the portals show the plain text under the field, from the same schemas.
 */

/** Every error the API answers has this shape; the portals show `message` (spec §8); `code` is machine-readable. */
/**
 * Every refusal: a message for a person and a code. A 400 for bad input also lists each field's error (`field` is
 * the request's field path, `message` what to show next to it), so that a form shows each one next to its field.
 */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
export const ErrorResponse = z.object({ message: z.string(), code: z.string().optional(), fields: z.array(FieldError).optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** `GET /health` and `GET /ready`. */
export const HealthResponse = z.object({ status: z.enum(['ok', 'ready']) });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

/**
 * Both portals and the server use the same email rule (spec §5: 'Please enter valid email address.'): a local part of
 * the characters RFC 5322 allows unquoted, '@', and dot-separated ASCII domain labels. So an address can never hold a
 * URL ('https://...'), and what the portal puts in a mail cannot become a link. Written so that it cannot backtrack
 * (each label stops at its dot), and only ever run on a string whose length was checked first.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+$/;
export const EMAIL_MAX = 254;

/** C0 control characters (and DEL) but tab, line feed and carriage return: refused in every text field. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Every C0 control character and DEL: refused in single-line fields (names, addresses, ids). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
export const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Characters that print as nothing, or as a blank that is no space: Unicode's default-ignorable code points (zero-width
 * characters, joiners, bidirectional controls, variation selectors, the combining grapheme joiner U+034F, the Hangul
 * fillers U+115F U+1160 U+3164 U+FFA0, tags) and the braille blank U+2800. A name holding one looks like a name
 * without it.
 */
export const INVISIBLE_CHARACTER = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
export const INVISIBLE_CHARACTERS = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** A name made only of digits and number punctuation is refused ('Should not be a Number'). */
export const looksLikeNumber = (value: string) => /^[\d\s.,+-]+$/.test(value);

/**
 * A required, trimmed text: `required` when missing or blank, a type message for a non-string, the length checked
 * (and aborting) before any pattern runs.
 */
export const requiredText = (required: string, max: number, tooLong = `must be at most ${max} characters`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') })
    .max(max * 4 + 64, { message: tooLong, abort: true })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters', abort: true })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, { message: tooLong, abort: true });

/** `${field} is required`-style text for fields the spec gives no message for. */
export const requiredString = (field: string, max = 1000) => requiredText(`${field} is required`, max, `${field} must be at most ${max} characters`);

/** An email address with the given messages for missing and malformed (spec §5 varies them per form). */
export const emailField = (messages: { required: string; invalid: string }) =>
  // The example is for the API reference: a generator's example made from the pattern is unreadable.
  requiredText(messages.required, EMAIL_MAX).regex(EMAIL_PATTERN, messages.invalid).meta({ example: 'name@example.com' });

export const emailAddress = (field: string) =>
  emailField({ required: `${field} is required`, invalid: 'Please enter valid email address.' });

/** A password as typed: not trimmed, bounded. */
export const passwordText = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') })
    .min(1, { message: required, abort: true })
    .max(1024, { message: 'must be at most 1024 characters', abort: true })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), 'must not contain control characters');

/** Server-side paging of a list (DataGrid server mode). Absent `page` answers the whole list, as the spec's calls do. */
export const ListQuery = z.object({
  page: z.coerce.number({ error: 'must be a page number from 0' }).int().min(0).max(100_000).optional(),
  pageSize: z.coerce
    .number()
    .refine((n) => [10, 25, 50, 100].includes(n), 'must be 10, 25, 50 or 100')
    .optional()
    .default(10),
  sortField: z.string().max(50).regex(/^[A-Za-z]+$/, 'must be a column name').optional(),
  sortOrder: z.enum(['asc', 'desc']).optional().default('asc'),
  search: z.string().max(100, 'must be at most 100 characters').optional(),
});
export type ListQuery = z.input<typeof ListQuery>;

/** The token of an emailed link (set password, unlock, confirm a change): bounded before anything looks it up. */
export const emailedToken = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'token is required' : 'must be a string') })
    .min(1, { message: 'token is required', abort: true })
    .max(200, 'token is not valid');
