import { describe, expect, it } from 'vitest';
import { contactText as text } from '../../messages/contact';
import { serverFieldErrors, validateContact, type ContactValues } from './validate-contact';

const valid: ContactValues = {
  email: 'visitor@example.com',
  name: 'Vera Visitor',
  phoneNumber: '+49 30 901820',
  subject: 'Missing IFU',
  textField: 'I cannot find the IFU of lot 42.',
};

describe('validateContact (spec §5 contact form)', () => {
  it('when every field is filled well, then there is no error', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('when everything is empty or blank, then each field says what to enter', () => {
    expect(validateContact({ email: ' ', name: '', phoneNumber: '', subject: '  ', textField: '' })).toEqual({
      email: text.emailRequired,
      name: text.nameRequired,
      phoneNumber: text.phoneRequired,
      subject: text.subjectRequired,
      textField: text.messageRequired,
    });
  });

  it.each(['visitor', 'visitor@', '@example.com', 'visitor@example', 'vi sitor@example.com', 'a@b@c.de'])(
    'when the email is %j, then it is invalid',
    (email) => {
      expect(validateContact({ ...valid, email }).email).toBe(text.emailInvalid);
    },
  );

  it('when the phone has 9 or 16 digits, then it is refused; 10 and 15 are accepted (spec §9)', () => {
    expect(validateContact({ ...valid, phoneNumber: '123456789' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '1234567890123456' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '1234567890' }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: '123456789012345' }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: '  1234567890  ' }).phoneNumber).toBeUndefined();
  });

  it('when a phone number is grouped by spaces, + ( ) . or -, then its digits are counted, not its characters', () => {
    // 12 digits in 16 characters: refused while characters were counted.
    expect(validateContact({ ...valid, phoneNumber: '+44 20 7946 0000' }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: '+1 (555) 010-0000' }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: '+49.30.901.820.00' }).phoneNumber).toBeUndefined();
    // 15 characters but 9 digits; 16 digits in 21 characters.
    expect(validateContact({ ...valid, phoneNumber: '+41 (44) 668-18' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '+44 20 7946 0000 1234' }).phoneNumber).toBe(text.phoneLength);
  });

  it('when a phone number holds letters or control characters, or is longer than 40 characters, then it is refused', () => {
    expect(validateContact({ ...valid, phoneNumber: 'call me maybe 0123456789' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '+44 20\t7946 0000' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '+44 20 7946\u0000 0000' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: `0123456789${' '.repeat(31)}` }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: `0123456789${'-'.repeat(31)}` }).phoneNumber).toBe(text.phoneTooLong(40));
    expect(validateContact({ ...valid, phoneNumber: '1'.repeat(100_000) }).phoneNumber).toBe(text.phoneTooLong(40));
  });
});

describe('serverFieldErrors (a 400 of POST /module2/contactUs)', () => {
  it('when the server names fields, then each message goes under its field', () => {
    expect(serverFieldErrors('phoneNumber: Phone Number Should be 10 to 15 Digits; email: Invalid Email Address')).toEqual({
      phoneNumber: text.phoneLength,
      email: text.emailInvalid,
    });
    expect(serverFieldErrors('textField must be at most 5000 characters')).toEqual({ textField: 'textField must be at most 5000 characters' });
  });

  it('when the message names no field of the form, then there is nothing to place', () => {
    expect(serverFieldErrors('Error on connecting administrator.')).toBeUndefined();
    expect(serverFieldErrors('website must be at most 1000 characters')).toBeUndefined();
  });
});
