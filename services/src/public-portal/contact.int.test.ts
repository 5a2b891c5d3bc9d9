import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

const SENT = 'Successfully contacted to administrator.';
const FAILED = 'Error on connecting administrator.';

/** The Contact US form (spec §2.1, §5 contact form, §8), over HTTP: mailed to every active ADMIN, nothing stored. */
describe('contact form over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  const secondAdmin = 'second.admin@example.com';
  const formerAdmin = 'former.admin@example.com';
  const user = 'plain.user@example.com';

  let lastIp = 0;
  const nextIp = () => `198.51.100.${++lastIp % 250}`;

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
    spec = apiSpec(t);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.createUser({ email: secondAdmin, role: 'ADMIN', password: 'second admin password', firstName: 'Sam', lastName: 'Second' });
    await t.createUser({ email: user, role: 'USER', password: 'plain user password' });
    const formerId = await t.createUser({ email: formerAdmin, role: 'ADMIN', password: 'former admin password' });
    expect((await t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, formerId), body: { id: formerId, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const contact = (body: Record<string, unknown>, from = nextIp()) => t.call('POST', '/module2/contactUs', { body, headers: { 'x-forwarded-for': from } });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    email: 'Visitor.Person@example.com',
    name: 'Vera Visitor',
    phoneNumber: '+41 44 668 1800',
    subject: unique('Question about lot '),
    textField: 'Hello,\nwhere do I find the IFU of lot 42?\nThanks',
    ...overrides,
  });
  const rawMails = () => {
    const dir = join(t.dataDir, 'mail');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  };

  it('when a visitor sends a message, then every active ADMIN is mailed it, replies go to the visitor, and nothing is stored', async () => {
    const body = valid();
    const { events } = await spec.when(() => contact(body)).then({ status: 200, body: { message: SENT } });
    // No event: the visitor's name, address, phone and words are personal data (architecture §6).
    expect(events).toEqual([]);
    const mails = t.mails().filter((m) => m.text.includes(`Subject (as the visitor wrote it): ${body.subject}`));
    expect(mails.map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, secondAdmin].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('IFU Portal: a message from the Contact US form');
      expect(mail.text).toContain('Name: Vera Visitor');
      expect(mail.text).toContain('Email: Visitor.Person@example.com');
      expect(mail.text).toContain('Phone number: +41 44 668 1800');
      expect(mail.text).toContain('where do I find the IFU of lot 42?');
    }
    // Quoted-printable may break a body line anywhere (a soft break, '=' at its end): joined again before searching.
    const raw = rawMails().filter((m) => m.replace(/=\r?\n/g, '').includes(body.subject));
    expect(raw).toHaveLength(2);
    for (const mail of raw) expect(mail).toMatch(/^Reply-To: Visitor\.Person@example\.com$/m);
  });

  describe('when a field is missing or wrong, then 400 with the spec §5 message, nothing stored and nothing mailed', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['no email', { email: undefined }, 'email: Enter the eMail'],
      ['a blank email', { email: '  ' }, 'email: Enter the eMail'],
      ['a malformed email', { email: 'visitor@@example' }, 'email: Invalid Email Address'],
      ['an email of 255 characters', { email: `${'a'.repeat(243)}@example.com` }, 'email must be at most 254 characters'],
      ['no phone number', { phoneNumber: undefined }, 'phoneNumber: Enter a phone number'],
      ['a blank phone number', { phoneNumber: '' }, 'phoneNumber: Enter a phone number'],
      ['a phone number of 9 digits', { phoneNumber: '123456789' }, 'phoneNumber: Phone Number Should be 10 to 15 Digits'],
      ['a phone number of 16 digits', { phoneNumber: '1234567890123456' }, 'phoneNumber: Phone Number Should be 10 to 15 Digits'],
      ['a phone number of 15 characters but 9 digits', { phoneNumber: '+41 (44) 668-18' }, 'phoneNumber: Phone Number Should be 10 to 15 Digits'],
      ['a phone number of 16 digits, grouped', { phoneNumber: '+44 20 7946 0000 1234' }, 'phoneNumber: Phone Number Should be 10 to 15 Digits'],
      ['a phone number of letters', { phoneNumber: 'call me maybe!' }, 'phoneNumber: Phone Number Should be 10 to 15 Digits'],
      ['a phone number with a tab', { phoneNumber: '+44 20\t7946 0000' }, 'phoneNumber must not contain control characters'],
      ['a phone number of 41 characters', { phoneNumber: `0123456789${' '.repeat(30)}1` }, 'phoneNumber must be at most 40 characters'],
      ['a phone number far too long', { phoneNumber: '1'.repeat(2_000) }, 'phoneNumber must be at most 40 characters'],
      ['no name', { name: undefined }, 'name: Enter the name'],
      ['a blank name', { name: '   ' }, 'name: Enter the name'],
      ['a name of 101 characters', { name: 'N'.repeat(101) }, 'name must be at most 100 characters'],
      ['no subject', { subject: undefined }, 'subject: Enter the subject'],
      ['a subject of 201 characters', { subject: 'S'.repeat(201) }, 'subject must be at most 200 characters'],
      ['a subject with a line break (a header injection)', { subject: 'Hi\r\nBcc: victim@example.com' }, 'subject must not contain control characters'],
      ['no message', { textField: undefined }, 'textField: Enter the message'],
      ['a blank message', { textField: ' \n ' }, 'textField: Enter the message'],
      ['a message of 5001 characters', { textField: 'm'.repeat(5001) }, 'textField must be at most 5000 characters'],
      ['a message far too long', { textField: 'm'.repeat(7000) }, 'textField must be at most 5000 characters'],
      ['a message with a NUL', { textField: 'hello\u0000' }, 'textField must not contain control characters'],
      ['a name that is not a string', { name: 42 }, 'name must be a string'],
    ];
    it.each(cases)('%s', async (_name, overrides, message) => {
      const mailsBefore = t.mails().length;
      await spec.when(() => contact(valid(overrides))).thenNothingStored(400, message);
      expect(t.mails().length).toBe(mailsBefore);
    });

    it('every field missing: every message, in the form order', async () => {
      await spec.when(() => contact({})).thenNothingStored(
        400,
        'email: Enter the eMail; name: Enter the name; phoneNumber: Enter a phone number; subject: Enter the subject; textField: Enter the message',
      );
    });
  });

  it('a message of exactly 5000 characters and a phone number of 10 and of 15 digits are accepted', async () => {
    expect((await contact(valid({ textField: 'm'.repeat(5000), phoneNumber: '0123456789' }))).status).toBe(200);
    expect((await contact(valid({ phoneNumber: '+41 (44) 668-18 123 456' }))).status).toBe(200);
  });

  it('a phone number is counted by its digits, not its characters: "+44 20 7946 0000" (12 digits in 16 characters) is accepted and mailed as written', async () => {
    const body = valid({ phoneNumber: '+44 20 7946 0000' });
    await spec.when(() => contact(body)).then({ status: 200, body: { message: SENT } });
    const mails = t.mails().filter((m) => m.text.includes(`Subject (as the visitor wrote it): ${body.subject}`));
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toContain('Phone number: +44 20 7946 0000');
  });

  it('when the honeypot field is filled, then the same success answer, and nothing is mailed or stored', async () => {
    const mailsBefore = t.mails().length;
    const { events } = await spec.when(() => contact(valid({ website: 'https://spam.example' }))).then({ status: 200, body: { message: SENT } });
    expect(events).toEqual([]);
    expect(t.mails().length).toBe(mailsBefore);
    // An empty honeypot is a person's form.
    expect((await contact(valid({ website: '' }))).status).toBe(200);
    expect(t.mails().length).toBe(mailsBefore + 2);
  });

  it('when one caller address sends more than 5 messages in 15 minutes, then 429 and nothing is mailed', async () => {
    const from = '203.0.113.20';
    for (let i = 0; i < 5; i++) expect((await contact(valid({ textField: '' }), from)).status).toBe(400);
    const mailsBefore = t.mails().length;
    await spec.when(() => contact(valid(), from)).thenNothingStored(429, 'Too many attempts from this address. Please wait 15 minutes and try again.');
    expect(t.mails().length).toBe(mailsBefore);
    expect((await contact(valid())).status).toBe(200);
  });

  it('when no administrator can be reached by mail, then 502 with the spec §8 message; when one can, then success', async () => {
    const mailer = t.api.context.mailer;
    const send = mailer.send;
    try {
      mailer.send = () => Promise.reject(new Error('smtp down'));
      const answer = await spec.when(() => contact(valid())).thenNothingStored(502, FAILED);
      expect(answer.body.code).toBe('contact-failed');
      mailer.send = (message) => (message.to === secondAdmin ? Promise.reject(new Error('mailbox full')) : send(message));
      expect(await contact(valid())).toMatchObject({ status: 200, body: { message: SENT } });
    } finally {
      mailer.send = send;
    }
  });

  describe('no visitor text in a subject, and an hourly cap on the mails in total', () => {
    const CONTACT_SUBJECT = 'IFU Portal: a message from the Contact US form';
    const headerOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/));

    it("when the visitor's subject holds a URL, then the Subject header is our own text and the visitor's subject is in the body, labelled", async () => {
      const marker = unique('marker-');
      const subject = 'Recall notice: sign in at https://evil.example/login?id=1';
      expect((await contact(valid({ subject, textField: `Please read ${marker}` }))).status).toBe(200);
      const raw = rawMails().filter((m) => m.replace(/=\r?\n/g, '').includes(marker));
      expect(raw).toHaveLength(2);
      for (const mail of raw) {
        expect(headerOf(mail)).toMatch(new RegExp(`^Subject: ${CONTACT_SUBJECT}$`, 'm'));
        expect(headerOf(mail)).not.toContain('evil.example');
        expect(headerOf(mail)).not.toContain('Recall notice');
      }
      const mails = t.mails().filter((m) => m.text.includes(marker));
      for (const mail of mails) {
        expect(mail.subject).toBe(CONTACT_SUBJECT);
        expect(mail.text).toContain(`Subject (as the visitor wrote it): ${subject}`);
      }
    });

    it('when more messages come in an hour than the cap allows, then the rest reach the ADMINs in one digest, each labelled as the visitor wrote it', async () => {
      const capped = await startTestApi({ ANONYMOUS_MAIL_PER_HOUR: '4', TRUST_PROXY: '1' });
      try {
        await capped.createUser({ email: 'b2@example.com', role: 'ADMIN', password: 'second admin password', firstName: 'Bea', lastName: 'Two' });
        const sendFrom = (i: number) =>
          capped.call('POST', '/module2/contactUs', {
            body: valid({ subject: `Question ${i} https://spam.example/${i}`, textField: `Message number ${i}` }),
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          });
        // Two ADMINs: two messages (4 mails) fit the cap; the other eight wait for the digest, and each visitor is told it was sent.
        for (let i = 0; i < 10; i++) expect(await sendFrom(i)).toMatchObject({ status: 200, body: { message: SENT } });
        expect(capped.mails()).toHaveLength(4);
        capped.clock.advance(60 * 60_000 + 1000);
        await capped.api.context.anonymousMail.flushDue();
        const [digest, ...more] = capped.mails().slice(4);
        expect(more).toEqual([]);
        expect(digest!.to.split(/,\s*/).sort()).toEqual([ADMIN_EMAIL, 'b2@example.com'].sort());
        expect(digest!.subject).toBe('IFU Portal: requests and messages held back for a digest');
        expect(digest!.text).toContain('Messages of the Contact US form: 8');
        for (let i = 2; i < 10; i++) {
          expect(digest!.text).toContain(`Subject (as the visitor wrote it): Question ${i} https://spam.example/${i}`);
          expect(digest!.text).toContain(`Message number ${i}`);
        }
        expect(digest!.text).toContain('Email: Visitor.Person@example.com');
      } finally {
        await capped.dispose();
      }
    });
  });
});
