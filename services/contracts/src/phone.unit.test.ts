import { describe, expect, it } from 'vitest';
import { phoneDigitCount, phoneProblem } from './phone';
import { PUBLIC_MESSAGES } from './public';
import { ContactUsBody } from './public-requests';

const message = { email: 'visitor@example.com', name: 'Vera Visitor', subject: 'Missing IFU', textField: 'Where is the IFU of lot 42?' };
/** The messages of ContactUsBody for a phone number, or [] when it is accepted. */
const refusals = (phoneNumber: unknown) => {
  const parsed = ContactUsBody.safeParse({ ...message, phoneNumber });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the contact form’s phone number: digits counted, not characters (spec §5, §9)', () => {
  it('when a number is grouped by spaces, + ( ) . or -, then only its digits count', () => {
    expect(phoneDigitCount('+44 20 7946 0000')).toBe(12);
    expect(phoneDigitCount('(0)30-901.8200')).toBe(10);
    expect(phoneDigitCount('')).toBe(0);
    expect(phoneProblem('+44 20 7946 0000')).toBeUndefined();
    expect(refusals('+44 20 7946 0000')).toEqual([]);
  });

  it('when it holds 10 or 15 digits, then it is accepted; 9 or 16, refused with the spec’s message', () => {
    expect(refusals('0123456789')).toEqual([]);
    expect(refusals('+1 234 567 890 12345')).toEqual([]);
    expect(refusals('+41 (44) 668-18')).toEqual([PUBLIC_MESSAGES.contactPhoneLength]);
    expect(refusals('1234 5678 9012 3456')).toEqual([PUBLIC_MESSAGES.contactPhoneLength]);
  });

  it('when it is missing or blank, then the spec’s required message', () => {
    expect(refusals(undefined)).toEqual([PUBLIC_MESSAGES.contactPhoneRequired]);
    expect(refusals('   ')).toEqual([PUBLIC_MESSAGES.contactPhoneRequired]);
    expect(phoneProblem(' ')).toBe('required');
  });

  it('when it holds letters, then it is refused; a control character is refused before anything reads the digits', () => {
    expect(refusals('call me 0123456789')).toEqual([PUBLIC_MESSAGES.contactPhoneLength]);
    expect(refusals('+44 20\t7946 0000')).toEqual(['must not contain control characters']);
    expect(refusals('+44 20 7946 0000\u0000')).toEqual(['must not contain control characters']);
    expect(phoneProblem('+44 20\u00077946 0000')).toBe('characters');
  });

  it('when it is longer than 40 characters, then it is refused by its length, however many digits', () => {
    expect(refusals(`0123456789${' '.repeat(30)}1`)).toEqual(['must be at most 40 characters']);
    expect(phoneProblem(`0123456789${'-'.repeat(31)}`)).toBe('too-long');
    // Bounded before it is trimmed or scanned: a megabyte of spaces is refused by its length alone.
    expect(refusals(`${' '.repeat(1_000_000)}0123456789`)).toEqual(['must be at most 40 characters']);
    expect(phoneProblem(`${' '.repeat(1_000_000)}0123456789`)).toBe('too-long');
  });
});
