import { localized } from './locale';

/** The Contact US page (spec §5 contact form, §8). See common.ts. */
const english = {
  pageTitle: 'Contact US',
  /** The way back from Contact US: to a customer's page, to the search page, or to the page before. */
  backTo: (customerName: string) => `Back to ${customerName}`,
  backToSearch: 'Back to your search',
  back: 'Back',
  intro: 'Send a message to the portal administrator. All fields are required.',
  email: 'Email',
  name: 'Name',
  phoneNumber: 'Phone Number',
  subject: 'Subject',
  message: 'Message',
  /** The honeypot's label: hidden from people, it tells a screen reader that somehow reaches it to leave it empty. */
  website: 'Leave this field empty',
  submit: 'Submit',
  sending: 'Sending…',
  emailRequired: 'Enter the eMail',
  emailInvalid: 'Invalid Email Address',
  phoneRequired: 'Enter a phone number',
  phoneLength: 'Phone Number Should be 10 to 15 Digits',
  phoneTooLong: (max: number) => `Phone Number must be at most ${max} characters`,
  nameRequired: 'Enter the name',
  subjectRequired: 'Enter the subject',
  messageRequired: 'Enter the message',
  sent: 'Successfully contacted to administrator.',
  failed: 'Error on connecting administrator.',
} as const;

/** Live: English until another language is applied (locale.ts). */
export const contactText = localized('contactText', english);
export type ContactTexts = typeof contactText;
