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

  it('when the phone has 9 or 16 characters, then it is refused; 10 and 15 are accepted (spec §9)', () => {
    expect(validateContact({ ...valid, phoneNumber: '123456789' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '1234567890123456' }).phoneNumber).toBe(text.phoneLength);
    expect(validateContact({ ...valid, phoneNumber: '1234567890' }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: '123456789012345' }).phoneNumber).toBeUndefined();
    expect(validateContact({ ...valid, phoneNumber: '  1234567890  ' }).phoneNumber).toBeUndefined();
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
