import { z } from 'zod';

/**
 * The device identifiers an eIFU label carries (EU 2021/2226): the GTIN of each child document's device,
 * the further lots and the serial ranges it covers (its own lot is its IFU Number, `associatedReferenceNumber`), and
 * the family's Basic UDI-DI on the change order. All optional; an empty value is none.
 */
export const PRODUCT_IDENTIFIER_MESSAGES = {
  gtinDigits: 'GTIN must be 8, 12, 13 or 14 digits',
  gtinCheckDigit: 'GTIN check digit is not right: check the last digit against the barcode',
  lot: 'Each lot must be 1 to 20 letters, digits or - . / _, separated by commas',
  tooManyLots: 'At most 50 further lots',
  serial: 'Each serial or range must be like 1000 or 1000-1999 (letters, digits or - . / _, up to 20 each), separated by commas',
  serialRangeOrder: 'A serial range must run from the lower number to the higher',
  tooManySerials: 'At most 50 serials or ranges',
  basicUdiDi: 'Basic UDI-DI must be 1 to 25 letters, digits or + - . / * $ %',
} as const;

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;
const DIGITS = /^[0-9]+$/;

/** The GS1 check digit (mod 10, weights 3 and 1 from the right) for the digits before it. */
export function gs1CheckDigitOf(body: string): string {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return String((10 - (sum % 10)) % 10);
}

/** Whether a GTIN's last digit is the GS1 check digit of the digits before it. */
export function gs1CheckDigitValid(digits: string): boolean {
  if (digits.length < 2 || digits.length > 18 || !DIGITS.test(digits)) return false;
  return gs1CheckDigitOf(digits.slice(0, -1)) === digits[digits.length - 1];
}

/** A GTIN-8, -12, -13 or -14 as the 14 digits GS1 Digital Link and the resolver compare (zeros in front). */
export const gtin14 = (gtin: string) => gtin.padStart(14, '0');

/** Why a GTIN is not one (undefined when it is): the length and digits first, then the check digit. */
export function gtinProblem(gtin: string): string | undefined {
  if (gtin.length > 14 || !DIGITS.test(gtin) || !(GTIN_LENGTHS as readonly number[]).includes(gtin.length)) return PRODUCT_IDENTIFIER_MESSAGES.gtinDigits;
  if (!gs1CheckDigitValid(gtin)) return PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit;
  return undefined;
}

/** A lot or serial as the label's barcode can carry it and a URL path can hold unescaped. */
export const LOT_PATTERN = /^[A-Za-z0-9._/-]{1,20}$/;
const BASIC_UDI_DI_PATTERN = /^[A-Za-z0-9+\-./*$%]{1,25}$/;

/** An optional single-line text: bounded before anything else looks at it, trimmed, '' when absent. */
const optionalLine = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .transform((v) => v.trim())
    .optional()
    .transform((v) => v ?? '');

/** `gtin` of a child document: optional; 8, 12, 13 or 14 digits with a right GS1 check digit. Kept as typed. */
export const gtinField = optionalLine(40).superRefine((value, ctx) => {
  const problem = value === '' ? undefined : gtinProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Comma-separated entries of at most `maxEntries`, each checked by `entry`; kept as `a,b,c` without repeats. */
const entryList = (maxEntries: number, tooMany: string, entry: (value: string) => string | undefined) =>
  optionalLine(maxEntries * 42).transform((value, ctx) => {
    if (value === '') return '';
    const entries = value.split(',').map((e) => e.trim()).filter((e) => e.length > 0);
    if (entries.length > maxEntries) {
      ctx.addIssue({ code: 'custom', message: tooMany });
      return z.NEVER;
    }
    for (const e of entries) {
      const problem = entry(e);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    }
    return [...new Set(entries)].join(',');
  });

/** `additionalLots`: further lots the child's leaflet covers, besides its IFU Number. */
export const additionalLotsField = entryList(50, PRODUCT_IDENTIFIER_MESSAGES.tooManyLots, (lot) => (LOT_PATTERN.test(lot) ? undefined : PRODUCT_IDENTIFIER_MESSAGES.lot));

/** One serial range as the resolver compares it: numeric bounds compare as numbers, others as exact text. */
export interface SerialRange {
  from: string;
  to: string;
}

/** `1000-1999` → from 1000 to 1999; `A17` → A17 alone. A range's bounds are digits (a serial with a dash is one serial). */
export function parseSerialEntry(entry: string): SerialRange | undefined {
  if (entry.length > 41) return undefined;
  const dash = entry.indexOf('-');
  const [from, to] = [entry.slice(0, dash), entry.slice(dash + 1)];
  if (dash > 0 && from.length <= 20 && to.length <= 20 && DIGITS.test(from) && DIGITS.test(to)) return { from, to };
  return LOT_PATTERN.test(entry) ? { from: entry, to: entry } : undefined;
}

const compareSerials = (a: string, b: string) => (DIGITS.test(a) && DIGITS.test(b) ? Number(BigInt(a) - BigInt(b)) : a === b ? 0 : a < b ? -1 : 1);

/** Whether a serial lies in one of the ranges (`1000-1999,A17`). */
export function serialInRanges(serial: string, ranges: string): boolean {
  return ranges
    .split(',')
    .map((entry) => parseSerialEntry(entry.trim()))
    .some((range) => range !== undefined && (range.from === range.to ? range.from === serial : DIGITS.test(serial) && compareSerials(range.from, serial) <= 0 && compareSerials(serial, range.to) <= 0));
}

/** `serialRanges`: serials and ranges of serials the child's leaflet covers. */
export const serialRangesField = entryList(50, PRODUCT_IDENTIFIER_MESSAGES.tooManySerials, (entry) => {
  const range = parseSerialEntry(entry);
  if (!range) return PRODUCT_IDENTIFIER_MESSAGES.serial;
  if (range.from !== range.to && compareSerials(range.from, range.to) > 0) return PRODUCT_IDENTIFIER_MESSAGES.serialRangeOrder;
  return undefined;
});

/** `basicUdiDi` of a change order (the family's Basic UDI-DI, EU MDR Annex VI): optional. */
export const basicUdiDiField = optionalLine(40).refine((v) => v === '' || BASIC_UDI_DI_PATTERN.test(v), PRODUCT_IDENTIFIER_MESSAGES.basicUdiDi);

export const productIdentifierFields = {
  gtin: gtinField,
  additionalLots: additionalLotsField,
  serialRanges: serialRangesField,
};
