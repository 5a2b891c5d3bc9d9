import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test-support/specs';
import { startTestApi, type TestApi } from '../../../test-support/test-api';
import { readableText } from '../mail';
import { forgetVisitorEverywhere } from './visitors';

/**
 * `npm run visitor:forget -- <email>` (forgetVisitorEverywhere): erasing a visitor erases the mail the outbox
 * (DATA_DIR/mail) keeps about them, not only their key.
 */
describe('visitor:forget and the mail outbox', () => {
  let t: TestApi;
  let lastIp = 0;
  const nextIp = () => `198.51.100.${++lastIp % 250}`;

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const contact = (email: string, textField: string) =>
    t.call('POST', '/module2/contactUs', {
      body: { email, name: 'Vera Visitor', phoneNumber: '+41 44 668 1800', subject: unique('Question '), textField },
      headers: { 'x-forwarded-for': nextIp() },
    });
  const outbox = () => join(t.dataDir, 'mail');
  const outboxNaming = (email: string) =>
    readdirSync(outbox())
      .filter((f) => f.endsWith('.eml'))
      .filter((f) => readableText(readFileSync(join(outbox(), f))).toLowerCase().includes(email.toLowerCase()));

  it('when a visitor is forgotten, then no message in the outbox names their address any more; mail about others stays', async () => {
    const visitor = `${unique('vera.')}@clinic.example`;
    const other = `${unique('otto.')}@clinic.example`;
    expect((await contact(visitor, 'Where is the IFU of lot 42?')).status).toBe(200);
    expect((await contact(visitor, `Ελληνικό κείμενο για την παρτίδα 42. ${'Ευχαριστώ. '.repeat(30)}`)).status).toBe(200);
    expect((await contact(other, `Same question as a colleague. My address is ${other}.`)).status).toBe(200);
    expect(outboxNaming(visitor).length).toBeGreaterThanOrEqual(2);
    const othersMail = outboxNaming(other);
    expect(othersMail.length).toBeGreaterThanOrEqual(1);

    const { mails } = await forgetVisitorEverywhere(
      { db: t.api.context.db, linkSecret: t.api.context.secrets.linkSecret, outboxDir: outbox() },
      visitor.toUpperCase(),
    );

    expect(mails).toBeGreaterThanOrEqual(2);
    expect(outboxNaming(visitor)).toEqual([]);
    expect(outboxNaming(other)).toEqual(othersMail);
  });
});
