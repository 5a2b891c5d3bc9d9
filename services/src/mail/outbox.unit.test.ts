import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import { createMailer } from './mailer';
import { forgetAddressInOutbox, namesAddress } from './outbox';
import { expectSome } from '../../../test-support/list-expectations';

/** Erasing a visitor (`npm run visitor:forget`) erases the mail the outbox keeps about them. */
describe('the mail outbox forgets an address', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const outbox = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ifu-outbox-'));
    dirs.push(dir);
    return { dir, mailer: createMailer({ from: 'portal@example.com', outboxDir: dir, logger: createLogger({ level: 'silent', format: 'json' }) }) };
  };
  const files = (dir: string) => readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));

  it('when messages name the address as recipient, reply-to, or in a text of any transfer encoding, then exactly those are deleted', async () => {
    const { dir, mailer } = outbox();
    const visitor = 'Vera.Visitor+ifu@clinic.example';
    await mailer.send({ to: visitor, subject: 'Your search link', text: 'Hello, here is your link.', visitor: true });
    await mailer.send({ to: 'admin@example.com', replyTo: visitor, subject: 'Contact form', text: 'A visitor wrote.' });
    // Mostly non-Latin text: nodemailer writes it as base64, where the address is not in the file's bytes as such.
    await mailer.send({ to: 'admin@example.com', subject: 'Digest', text: `${'Ελληνικό κείμενο '.repeat(20)}\nEmail: ${visitor}\n` });
    // A long line: quoted-printable breaks it, possibly inside the address.
    await mailer.send({ to: 'admin@example.com', subject: 'Digest 2', text: `${'x'.repeat(70)}é Email: ${visitor} ${'y'.repeat(70)}` });
    await mailer.send({ to: 'someone.else@clinic.example', subject: 'Another visitor', text: `Not ${visitor.replace('Vera', 'Avera')} either` });
    expectSome(files(dir), (raw) => /^Content-Transfer-Encoding: base64$/m.test(raw));
    // At least one of the four does not hold the address as it is written: a plain text search would miss it.
    expect(files(dir).filter((raw) => raw.includes(visitor)).length).toBeLessThan(4);

    expect(await forgetAddressInOutbox(dir, visitor.toLowerCase())).toBe(4);
    const left = files(dir);
    expect(left).toHaveLength(1);
    expect(left[0]).toContain('To: someone.else@clinic.example');
  });

  it('when there is no outbox, then nothing is deleted', async () => {
    expect(await forgetAddressInOutbox(join(tmpdir(), 'ifu-no-such-outbox-dir'), 'a@example.com')).toBe(0);
  });

  it('an address is named only whole, in any case', () => {
    expect(namesAddress('To: ANN@Example.com', 'ann@example.com')).toBe(true);
    expect(namesAddress('<ann@example.com>', 'ann@example.com')).toBe(true);
    expect(namesAddress('ann@example.com.', 'ann@example.com')).toBe(true);
    expect(namesAddress('joann@example.com', 'ann@example.com')).toBe(false);
    expect(namesAddress('ann@example.com.au', 'ann@example.com')).toBe(false);
    expect(namesAddress('ann@example.community', 'ann@example.com')).toBe(false);
  });
});
