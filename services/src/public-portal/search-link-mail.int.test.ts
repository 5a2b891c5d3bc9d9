import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/** The search link's mail in the reader's language: the portal's (`language`), else the browser's, else English. */
describe('POST /module2/sendSearchURLLink: the mail in the reader’s language', () => {
  let t: TestApi;
  let customerName: string;
  let parentChangeId: string;

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
    const approver: Signer = { id: '', email: 'mail.approver@example.com', password: 'mail approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    const author: Credentials = { email: 'mail.author@example.com', password: 'mail author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerName = unique('Mail Clinic ');
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
    ({ parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Mail Pump', children: [{ lotNumber: 'ML-1', partNumber: 'ML-DE' }], waitForText: false }));
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  let ip = 0;
  const ask = async (userEmail: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    ip += 1;
    const answer = await t.call('POST', '/module2/sendSearchURLLink', { body: { customerName, userEmail, parentChangeId, ...body }, headers: { 'x-forwarded-for': `198.51.100.${ip}`, ...headers } });
    return { answer, mail: t.mails().filter((m) => m.to.includes(userEmail)).at(-1) };
  };

  it('the portal’s language first, then the browser’s, else English (the words it always had); the answer stays the spec’s', async () => {
    const de = await ask('de.reader@example.com', { language: 'de' }, { 'accept-language': 'fr' });
    expect(de.answer.status).toBe(200);
    expect(de.answer.body.message).toBe('The search link has been sent to your email address. Open it to search the documents.');
    expect(de.mail?.subject).toBe('IFU Portal: Ihr Link zu den Dokumenten von Mail Pump');
    expect(de.mail?.text).toContain(`Sie haben einen Link angefordert, um die Dokumente von Mail Pump (${customerName}) im IFU Portal zu durchsuchen.`);
    expect(de.mail?.text).toMatch(/Der Link ist 30 Tage gültig, bis \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);

    const fr = await ask('fr.reader@example.com', {}, { 'accept-language': 'fr-CH, de;q=0.8' });
    expect(fr.mail?.subject).toBe('IFU Portal : votre lien vers les documents de Mail Pump');
    const it_ = await ask('it.reader@example.com', { language: 'it' });
    expect(it_.mail?.text).toContain('Lo apra qui:');
    const es = await ask('es.reader@example.com', {}, { 'accept-language': 'es' });
    expect(es.mail?.subject).toBe('IFU Portal: su enlace a los documentos de Mail Pump');

    const en = await ask('en.reader@example.com', {}, { 'accept-language': 'ja' });
    expect(en.mail?.subject).toBe('IFU Portal: your link to the documents of Mail Pump');
    expect(en.mail?.text).toContain(`You asked for a link to search the documents of Mail Pump (${customerName}) on the IFU Portal. Open it here:`);
  });

  it('a language the portal does not speak (or longer than a code) is refused, naming the field, and nothing is mailed', async () => {
    const before = t.mails().length;
    for (const language of ['xx', 'x'.repeat(11)]) {
      const { answer } = await ask('long.reader@example.com', { language });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('language must be one of en, de, fr, es, it');
    }
    expect(t.mails().length).toBe(before);
  });
});
