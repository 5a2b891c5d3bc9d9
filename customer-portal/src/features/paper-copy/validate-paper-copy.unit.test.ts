import { EMAIL_PATTERN, PaperCopyRequestBody } from '@ifu/contracts';
import { PAPER_COPY_LIMITS, PAPER_COPY_MESSAGES } from '@ifu/contracts/public';
import { describe, expect, it } from 'vitest';
import { PAPER_COPY_FORM_LIMITS, paperCopyText as text } from '../../messages/paper-copy';
import { EMAIL, serverFieldErrors, validatePaperCopy, type PaperCopyValues } from './validate-paper-copy';

const valid: PaperCopyValues = { name: 'Vera Visitor', address: 'Station 4\nHauptstrasse 1\n8000 Zürich', email: 'vera@clinic.example', quantity: '2' };
const contract = (values: PaperCopyValues) =>
  PaperCopyRequestBody.safeParse({ ...values, quantity: values.quantity, documentNumber: 'CO-2026-00001-01', version: 1 }).success;

describe('validatePaperCopy mirrors the contract (PaperCopyRequestBody)', () => {
  it('when the limits, email rule and messages are the contract’s, then the form and the server agree', () => {
    expect(PAPER_COPY_FORM_LIMITS).toEqual(PAPER_COPY_LIMITS);
    expect(EMAIL.source).toBe(EMAIL_PATTERN.source);
    expect({ name: text.nameRequired, address: text.addressRequired, email: text.emailRequired, invalid: text.emailInvalid, quantity: text.quantityRange }).toEqual({
      name: PAPER_COPY_MESSAGES.nameRequired,
      address: PAPER_COPY_MESSAGES.addressRequired,
      email: PAPER_COPY_MESSAGES.emailRequired,
      invalid: PAPER_COPY_MESSAGES.emailInvalid,
      quantity: PAPER_COPY_MESSAGES.quantity,
    });
  });

  it.each<[string, Partial<PaperCopyValues>, keyof PaperCopyValues | undefined]>([
    ['every field filled well', {}, undefined],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name'],
    ['a name of 100 characters', { name: 'n'.repeat(100) }, undefined],
    ['a blank address', { address: ' \n ' }, 'address'],
    ['an address of 501 characters', { address: 'a'.repeat(501) }, 'address'],
    ['a control character in the address', { address: 'a\u0007b' }, 'address'],
    ['no email', { email: '' }, 'email'],
    ['a malformed email', { email: 'vera@' }, 'email'],
    ['a link as email', { email: 'https://x.example/@y.de' }, 'email'],
    ['quantity 0', { quantity: '0' }, 'quantity'],
    ['quantity 11', { quantity: '11' }, 'quantity'],
    ['quantity 1.5', { quantity: '1.5' }, 'quantity'],
    ['quantity 10', { quantity: '10' }, undefined],
    ['quantity 1', { quantity: ' 1 ' }, undefined],
  ])('when %s, then the form and the contract agree', (_what, change, field) => {
    const values = { ...valid, ...change };
    const errors = validatePaperCopy(values);
    expect(Object.keys(errors)).toEqual(field === undefined ? [] : [field]);
    expect(contract(values)).toBe(field === undefined);
  });

  it('when the server names fields in its 400, then each message goes under its field', () => {
    expect(serverFieldErrors('email: Invalid Email Address; quantity: Enter a quantity from 1 to 10')).toEqual({ email: 'Invalid Email Address', quantity: 'Enter a quantity from 1 to 10' });
    expect(serverFieldErrors('name must be at most 100 characters')).toEqual({ name: 'name must be at most 100 characters' });
    expect(serverFieldErrors('documentNumber must be a document number')).toBeUndefined();
  });
});
