import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  additionalLotsField,
  basicUdiDiField,
  gs1CheckDigitValid,
  gtin14,
  gtinField,
  PRODUCT_IDENTIFIER_MESSAGES,
  serialInRanges,
  serialRangesField,
} from './product-identifiers';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('GTIN', () => {
  it('accepts GS1 examples of each length with their check digit', () => {
    for (const gtin of ['96385074', '614141123452', '9506000134352', '09506000134352', '10614141123459']) {
      expect(gs1CheckDigitValid(gtin), gtin).toBe(true);
      expect(gtinField.parse(gtin)).toBe(gtin);
    }
  });

  it('refuses a wrong check digit, naming it', () => {
    expect(gs1CheckDigitValid('09506000134353')).toBe(false);
    expect(messageOf(gtinField, '09506000134353')).toBe(PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit);
  });

  it('refuses other lengths and non-digits before any check digit', () => {
    for (const gtin of ['1234567', '12345678901', '123456789012345', '0950600013435X', ' 0950 6000 1343 52', '１２３４５６７８']) {
      expect(messageOf(gtinField, gtin), gtin).toBe(PRODUCT_IDENTIFIER_MESSAGES.gtinDigits);
    }
    expect(messageOf(gtinField, '9'.repeat(100))).toBe('must be at most 40 characters');
  });

  it('is optional: absent or blank is none', () => {
    expect(gtinField.parse(undefined)).toBe('');
    expect(gtinField.parse('  ')).toBe('');
  });

  it('compares as 14 digits', () => {
    expect(gtin14('614141123452')).toBe('00614141123452');
    expect(gtin14('96385074')).toBe('00000096385074');
  });
});

describe('further lots', () => {
  it('keeps comma-separated lots without repeats', () => {
    expect(additionalLotsField.parse(' L1, L2 ,L1,,')).toBe('L1,L2');
  });
  it('refuses a lot a barcode cannot carry, and more than 50', () => {
    expect(messageOf(additionalLotsField, 'L1, L 2')).toBe(PRODUCT_IDENTIFIER_MESSAGES.lot);
    expect(messageOf(additionalLotsField, 'L1,<script>')).toBe(PRODUCT_IDENTIFIER_MESSAGES.lot);
    expect(messageOf(additionalLotsField, 'X'.repeat(21))).toBe(PRODUCT_IDENTIFIER_MESSAGES.lot);
    expect(messageOf(additionalLotsField, Array.from({ length: 51 }, (_, i) => `L${i}`).join(','))).toBe(PRODUCT_IDENTIFIER_MESSAGES.tooManyLots);
  });
});

describe('serial ranges', () => {
  it('keeps serials and numeric ranges', () => {
    expect(serialRangesField.parse('1000-1999, A17')).toBe('1000-1999,A17');
  });
  it('refuses a range that runs backwards', () => {
    expect(messageOf(serialRangesField, '2000-1999')).toBe(PRODUCT_IDENTIFIER_MESSAGES.serialRangeOrder);
    expect(messageOf(serialRangesField, '10 00')).toBe(PRODUCT_IDENTIFIER_MESSAGES.serial);
  });
  it('matches numbers inside a range and other serials exactly', () => {
    expect(serialInRanges('1500', '1000-1999,A17')).toBe(true);
    expect(serialInRanges('0999', '1000-1999')).toBe(false);
    expect(serialInRanges('2000', '1000-1999')).toBe(false);
    expect(serialInRanges('A17', '1000-1999,A17')).toBe(true);
    expect(serialInRanges('A18', '1000-1999,A17')).toBe(false);
    expect(serialInRanges('99999999999999999999', '1-99999999999999999999')).toBe(true);
  });
});

describe('Basic UDI-DI', () => {
  it('is optional and bounded to 25 characters of its alphabet', () => {
    expect(basicUdiDiField.parse(undefined)).toBe('');
    expect(basicUdiDiField.parse('0950600013ABC7K')).toBe('0950600013ABC7K');
    expect(messageOf(basicUdiDiField, 'A B')).toBe(PRODUCT_IDENTIFIER_MESSAGES.basicUdiDi);
    expect(messageOf(basicUdiDiField, 'A'.repeat(26))).toBe(PRODUCT_IDENTIFIER_MESSAGES.basicUdiDi);
  });
});
