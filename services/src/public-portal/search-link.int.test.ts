import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeAccessibility, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { apiSpec, unique } from '../../../test-support/specs';
import { reviewedCustomer } from '../../../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { SEARCH_LINK_LIMIT_TEXTS } from '@ifu/contracts';
import { Refusal } from '../platform/errors';
import { sealSearchLink } from './search-link';
import { verifySearchLink, verifySearchToken } from './visitor-link';

const PORTAL = 'https://portal.example';
const SENT = 'The search link has been sent to your email address. Open it to search the documents.';
const INVALID = 'This search link is not valid. Ask for a new one below.';
const EXPIRED = 'This search link has expired. Ask for a new one below.';
const DAY_MS = 24 * 60 * 60_000;
const EMAIL_LIMITED = { en: SEARCH_LINK_LIMIT_TEXTS.en.email, de: SEARCH_LINK_LIMIT_TEXTS.de.email, fr: SEARCH_LINK_LIMIT_TEXTS.fr.email, es: SEARCH_LINK_LIMIT_TEXTS.es.email, it: SEARCH_LINK_LIMIT_TEXTS.it.email };

/** The emailed search link (spec §2.1 email popup, §7.4 sendSearchURLLink) and its check, over HTTP. */
describe('search links over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let approver: Signer;
  let author: Credentials;
  let customerName: string;
  let customerId: string;
  let familyId: string;
  let secondFamilyId: string;
  let pendingFamilyId: string;
  let offlineFamilyId: string;
  let otherCustomerName: string;
  let otherFamilyId: string;
  let pendingCustomerName: string;

  // Each request comes from its own address (TRUST_PROXY=1), so the per-IP limit is only met where a test means to.
  let lastIp = 0;
  const nextIp = () => `198.51.100.${++lastIp % 250}`;

  const approvedOrder = async (forCustomer: string, productName: string, options: { isInternal?: boolean; decide?: boolean } = {}) => {
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId: forCustomer,
      productName,
      isInternal: options.isInternal,
      children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }],
    });
    if (options.decide !== false) await arrangeDecision(t, { parentChangeId, approver, approve: true });
    return parentChangeId;
  };

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1', PUBLIC_CUSTOMER_URL: PORTAL });
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const approverEmail = 'link.approver@example.com';
    approver = { id: await t.createUser({ email: approverEmail, role: 'ADMIN', password: 'link approver password' }), email: approverEmail, password: 'link approver password' };
    author = { email: 'link.author@example.com', password: 'link author password' };
    await t.createUser({ email: author.email, role: 'USER', password: author.password });
    const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerName = unique('Link Clinic ');
    customerId = await arrangeApprovedCustomer(t, registrar, approver, customerName);
    otherCustomerName = unique('Other Link Clinic ');
    const otherCustomerId = await arrangeApprovedCustomer(t, registrar, approver, otherCustomerName);
    familyId = await approvedOrder(customerId, 'Cardio Stent');
    secondFamilyId = await approvedOrder(customerId, 'Ortho Screw');
    pendingFamilyId = await approvedOrder(customerId, 'Pending Valve', { decide: false });
    offlineFamilyId = await approvedOrder(customerId, 'Internal Catheter', { isInternal: true });
    otherFamilyId = await approvedOrder(otherCustomerId, 'Other Stent');
    // A customer still awaiting its decision.
    pendingCustomerName = unique('Pending Link Clinic ');
    await arrangeRegisteredCustomer(t, registrar, approver.id, pendingCustomerName);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const sendLink = (body: Record<string, unknown>, from = nextIp()) => t.call('POST', '/module2/sendSearchURLLink', { body, headers: { 'x-forwarded-for': from } });
  const check = (body: Record<string, unknown>) => t.call('POST', '/module2/checkSearchLink', { body });
  const mailsTo = (email: string) => t.mails().filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  /** The link in the newest mail to `email`. */
  const linkTo = (email: string): URL => {
    const text = mailsTo(email).at(-1)?.text ?? '';
    const found = text.match(/https:\/\/portal\.example\/customerDocSearch\?\S+/)?.[0];
    if (!found) throw new Error(`no search link mailed to ${email}`);
    return new URL(found);
  };
  /** A link to `parentChangeId` of `name` mailed to a new address: its query parameters. */
  const givenLink = async (name = customerName, parentChangeId = familyId) => {
    const email = `${unique('visitor.')}@example.com`;
    expect((await sendLink({ customerName: name, userEmail: email, parentChangeId })).status).toBe(200);
    const params = linkTo(email).searchParams;
    return { email, customerName: params.get('customerName')!, parentChangeId: params.get('parentChangeId')!, encryptedEmail: params.get('encryptedEmail')! };
  };

  describe('POST /module2/sendSearchURLLink', () => {
    it('when a visitor asks for a link to a public family, then it is mailed with its expiry, it opens, and nothing is stored', async () => {
      const email = `${unique('visitor.')}@example.com`;
      const before = Date.now();
      const { events } = await spec.when(() => sendLink({ customerName, userEmail: email, parentChangeId: familyId })).then({ status: 200, body: { message: SENT } });
      // No event: it would hold the visitor's address (and the request's IP); the later download is the record.
      expect(events).toEqual([]);
      const [mail, ...more] = mailsTo(email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('IFU Portal: your link to the documents of Cardio Stent');
      expect(mail!.text).toContain('The link is valid for 30 days, until ');
      const link = linkTo(email);
      expect(link.pathname).toBe('/customerDocSearch');
      expect([...link.searchParams.keys()]).toEqual(['customerName', 'parentChangeId', 'encryptedEmail']);
      expect(link.searchParams.get('customerName')).toBe(customerName);
      expect(link.searchParams.get('parentChangeId')).toBe(familyId);
      // The address travels only sealed.
      expect(link.href).not.toContain(email);
      expect(link.href).not.toContain(encodeURIComponent(email));

      const opened = await check({ customerName, parentChangeId: familyId, encryptedEmail: link.searchParams.get('encryptedEmail') });
      expect(opened).toMatchObject({ status: 200, body: { customerName, productFamilyName: 'Cardio Stent' } });
      expect(opened.headers.get('cache-control')).toBe('private, no-store');
      const expiresAt = Date.parse(opened.body.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
    });

    it("when the visitor's page names the customer in other letters, then the link carries the customer's own name", async () => {
      const { customerName: named } = await givenLink(customerName.toUpperCase());
      expect(named).toBe(customerName);
    });

    describe('when the request is refused, then 4xx, nothing is stored and nothing is mailed', () => {
      const valid = () => ({ customerName, userEmail: `${unique('refused.')}@example.com`, parentChangeId: familyId });
      const cases: Array<[string, () => Record<string, unknown>, number, string]> = [
        ['an unknown customer', () => ({ ...valid(), customerName: unique('Nobody Clinic ') }), 404, 'Customer not found'],
        ['a customer awaiting approval', () => ({ ...valid(), customerName: pendingCustomerName }), 404, 'Customer not found'],
        ['a change order awaiting approval', () => ({ ...valid(), parentChangeId: pendingFamilyId }), 404, 'Product not found'],
        ['an Offline family', () => ({ ...valid(), parentChangeId: offlineFamilyId }), 404, 'Product not found'],
        ['an unknown family', () => ({ ...valid(), parentChangeId: crypto.randomUUID() }), 404, 'Product not found'],
        ["another customer's family", () => ({ ...valid(), parentChangeId: otherFamilyId }), 404, 'Product not found'],
        ['a malformed address', () => ({ ...valid(), userEmail: 'visitor@' }), 400, 'userEmail must be a valid email address'],
        ['an address that is a link', () => ({ ...valid(), userEmail: 'https://evil.example/@x.example' }), 400, 'userEmail must be a valid email address'],
        ['no address', () => ({ ...valid(), userEmail: undefined }), 400, 'userEmail is required'],
        ['a blank address', () => ({ ...valid(), userEmail: '   ' }), 400, 'userEmail is required'],
        ['an address of 255 characters', () => ({ ...valid(), userEmail: `${'a'.repeat(243)}@example.com` }), 400, 'userEmail must be at most 254 characters'],
        ['an address with a line break', () => ({ ...valid(), userEmail: 'a@example.com\nBcc: b@example.com' }), 400, 'userEmail must not contain control characters'],
        ['a customer name of 201 characters', () => ({ ...valid(), customerName: 'C'.repeat(201) }), 400, 'customerName must be at most 200 characters'],
        ['a parentChangeId that is no id', () => ({ ...valid(), parentChangeId: "1' OR '1'='1" }), 400, 'parentChangeId must be a change order id'],
        ['an address that is not a string', () => ({ ...valid(), userEmail: ['a@example.com'] }), 400, 'userEmail must be a string'],
      ];
      it.each(cases)('%s', async (_name, body, status, message) => {
        const request = body();
        const mailsBefore = t.mails().length;
        await spec.when(() => sendLink(request)).thenNothingStored(status, message);
        expect(t.mails().length).toBe(mailsBefore);
      });
    });

    it('when one caller address sends empty or malformed requests, then they are refused with 400 and count nowhere', async () => {
      const from = '203.0.113.10';
      for (let i = 0; i < 40; i++) {
        const body = i % 2 === 0 ? {} : { customerName, userEmail: 'not an address', parentChangeId: familyId };
        expect((await sendLink(body, from)).status).toBe(400);
      }
      const email = `${unique('after.empty.')}@example.com`;
      expect((await sendLink({ customerName, userEmail: email, parentChangeId: familyId }, from)).status).toBe(200);
      expect(mailsTo(email)).toHaveLength(1);
    });

    it('when one address is sent more than 5 links in 15 minutes, from however many callers, then 429 in the language sent, and no sixth mail', async () => {
      const email = `${unique('target.')}@example.com`;
      for (let i = 0; i < 5; i++) expect((await sendLink({ customerName, userEmail: email, parentChangeId: familyId })).status).toBe(200);
      const refused = await spec.when(() => sendLink({ customerName, userEmail: ` ${email.toUpperCase()} `, parentChangeId: familyId })).thenNothingStored(429, EMAIL_LIMITED.en);
      expect(refused.body.code).toBe('search-link-email-limited');
      for (const language of ['de', 'fr', 'es', 'it'] as const) {
        expect(await sendLink({ customerName, userEmail: email, parentChangeId: familyId, language })).toMatchObject({ status: 429, body: { message: EMAIL_LIMITED[language] } });
      }
      // Without the portal's language, the browser's.
      const byHeader = await t.call('POST', '/module2/sendSearchURLLink', {
        body: { customerName, userEmail: email, parentChangeId: familyId },
        headers: { 'x-forwarded-for': nextIp(), 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' },
      });
      expect(byHeader).toMatchObject({ status: 429, body: { message: EMAIL_LIMITED.fr } });
      expect(mailsTo(email)).toHaveLength(5);
      // An unknown language is a field error, not a silent English.
      await spec.when(() => sendLink({ customerName, userEmail: email, parentChangeId: familyId, language: 'xx' })).thenNothingStored(400, 'language must be one of en, de, fr, es, it');
    });
    it('when the mail cannot be sent, then 502 with a message and nothing is stored', async () => {
      const mailer = t.api.context.mailer;
      const send = mailer.send;
      mailer.send = () => Promise.reject(new Error('smtp down'));
      try {
        await spec.when(() => sendLink({ customerName, userEmail: `${unique('down.')}@example.com`, parentChangeId: familyId })).thenNothingStored(502, 'The search link could not be sent. Please try again later.');
      } finally {
        mailer.send = send;
      }
    });
  });

  describe('POST /module2/checkSearchLink', () => {
    it('when the token has any byte changed, is cut short, or is not a token, then 400 search-link-invalid and nothing is stored', async () => {
      const link = await givenLink();
      const token = link.encryptedEmail;
      const flip = (at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      for (const tampered of [flip(0), flip(5), flip(Math.floor(token.length / 2)), flip(token.length - 2), token.slice(0, -4), `${token}AAAA`, 'abc', 'not a token!', 'A'.repeat(601)]) {
        const answer = await spec.when(() => check({ ...link, encryptedEmail: tampered })).thenNothingStored(400, INVALID);
        expect(answer.body.code).toBe('search-link-invalid');
      }
    });

    it('when a token sealed under another secret is offered, then 400 search-link-invalid', async () => {
      const forged = sealSearchLink('x'.repeat(40), { customerId, parentChangeId: familyId }, 'visitor@example.com', new Date(Date.now() + DAY_MS));
      await spec.when(() => check({ customerName, parentChangeId: familyId, encryptedEmail: forged })).thenNothingStored(400, INVALID);
    });

    it("when a link of one family is offered for another family of the customer, or for another customer, then 400 search-link-invalid", async () => {
      const link = await givenLink();
      await spec.when(() => check({ ...link, parentChangeId: secondFamilyId })).thenNothingStored(400, INVALID);
      await spec.when(() => check({ ...link, customerName: otherCustomerName, parentChangeId: otherFamilyId })).thenNothingStored(400, INVALID);
      await spec.when(() => check({ ...link, customerName: otherCustomerName })).thenNothingStored(400, INVALID);
      const otherLink = await givenLink(otherCustomerName, otherFamilyId);
      await spec.when(() => check({ ...otherLink, customerName, parentChangeId: familyId })).thenNothingStored(400, INVALID);
      // The second family's own link opens, for that family only.
      const second = await givenLink(customerName, secondFamilyId);
      expect(await check(second)).toMatchObject({ status: 200, body: { productFamilyName: 'Ortho Screw' } });
      expect((await check({ ...second, parentChangeId: familyId })).status).toBe(400);
    });

    it('when the parentChangeId is given in capitals, then it is the same family', async () => {
      const link = await givenLink();
      expect((await check({ ...link, parentChangeId: link.parentChangeId.toUpperCase() })).status).toBe(200);
    });

    it('when the request is malformed, then 400 naming the field', async () => {
      const link = await givenLink();
      await spec.when(() => check({ ...link, encryptedEmail: undefined })).thenNothingStored(400, 'encryptedEmail is required');
      // A mangled parentChangeId is a link that is not valid: the page offers a new one.
      await spec.when(() => check({ ...link, parentChangeId: 'family' })).thenNothingStored(400, 'This search link is not valid. Ask for a new one below.');
      await spec.when(() => check({ ...link, customerName: 'C'.repeat(201) })).thenNothingStored(400, 'customerName must be at most 200 characters');
    });

    it('when the family is made Offline after the link was sent, then the link no longer opens (404)', async () => {
      const familyToHide = await approvedOrder(customerId, unique('Hidden Pump '));
      const link = await givenLink(customerName, familyToHide);
      expect((await check(link)).status).toBe(200);
      // At once (spec §4).
      await arrangeAccessibility(t, { parentChangeId: familyToHide, isInternal: true, requesterToken: admin });
      await spec.when(() => check(link)).thenNothingStored(404, 'Product not found');
    });

    it('when the customer is renamed, then the link keeps opening while the rename waits for the approver, and after it is approved', async () => {
      const name = unique('Renamed Clinic ');
      const id = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, name);
      const family = await approvedOrder(id, 'Renamed Stent');
      const link = await givenLink(name, family);
      expect((await check(link)).status).toBe(200);
      const form = new FormData();
      for (const [k, v] of Object.entries({ id, customerName: unique('Renamed Again Clinic '), contactInformation: '4930901820', contactEmail: 'renamed@example.com', countryExclusionList: 'DE', customerWebsiteLink: 'https://example.com', approverId: approver.id })) form.set(k, v);
      expect((await fetch(`${t.url}/customer/update`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
      expect((await check(link)).status).toBe(200);
      const approverToken = await t.login(approver.email, approver.password);
      const decided = await t.call('POST', '/customer/approve/add', {
        token: approverToken,
        headers: await reviewedCustomer(t, approverToken, id),
        body: { customerId: id, customerApproverId: approver.id, customerApproval: true, username: approver.email, password: approver.password },
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect((await check(link)).status).toBe(200);
    });

    it('verifySearchLink and verifySearchToken (for the other public calls) answer what the link opens, or throw the refusal', async () => {
      const link = await givenLink(customerName, secondFamilyId);
      const now = t.clock.now();
      const opened = await verifySearchLink(t.api.context, { customerName, parentChangeId: secondFamilyId, token: link.encryptedEmail }, now);
      expect(opened).toMatchObject({ customer: { id: customerId, customerName }, family: { productFamilyName: 'Ortho Screw' }, parentChangeId: secondFamilyId, email: link.email });
      const changedAt = (token: string, at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      const byToken = await verifySearchToken(t.api.context, link.encryptedEmail, now);
      expect(byToken).toMatchObject({ customer: { id: customerId }, family: { productFamilyName: 'Ortho Screw' }, parentChangeId: secondFamilyId, email: link.email });
      const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => (error instanceof Refusal ? error.rejection.code : error));
      expect(await refusal(verifySearchToken(t.api.context, changedAt(link.encryptedEmail, 30), now))).toBe('search-link-invalid');
      expect(await refusal(verifySearchToken(t.api.context, link.encryptedEmail, new Date(now.getTime() + 31 * DAY_MS)))).toBe('search-link-expired');
      expect(await refusal(verifySearchLink(t.api.context, { customerName, parentChangeId: familyId, token: link.encryptedEmail }, now))).toBe('search-link-invalid');
      expect(await refusal(verifySearchLink(t.api.context, { customerName: pendingCustomerName, parentChangeId: secondFamilyId, token: link.encryptedEmail }, now))).toBe('customer-not-found');
    });

    // Last: it moves the server's clock.
    it('when 30 days have passed, then 410 search-link-expired; a minute before, it still opens', async () => {
      const link = await givenLink();
      t.clock.advance(30 * DAY_MS - 60_000);
      expect((await check(link)).status).toBe(200);
      t.clock.advance(2 * 60_000);
      const answer = await spec.when(() => check(link)).thenNothingStored(410, EXPIRED);
      expect(answer.body.code).toBe('search-link-expired');
    });
  });
});

describe('the search links mailed in an hour, in total', () => {
  it('when visitors ask for more links in an hour than the cap, from many addresses about many addresses, then the rest are refused with 429 and nothing is mailed; the next hour links go out again', async () => {
    const capped = await startTestApi({ TRUST_PROXY: '1', SEARCH_LINK_MAIL_PER_HOUR: '3' });
    try {
      const approverEmail = 'capped.link.approver@example.com';
      const approver = { id: await capped.createUser({ email: approverEmail, role: 'ADMIN', password: 'capped approver password' }), email: approverEmail, password: 'capped approver password' };
      const author = { email: 'capped.link.author@example.com', password: 'capped author password' };
      await capped.createUser({ email: author.email, role: 'USER', password: author.password, firstName: 'Cap', lastName: 'Author' });
      const customerName = unique('Capped Link Clinic ');
      const customerId = await arrangeApprovedCustomer(capped, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
      const { parentChangeId } = await arrangeChangeOrder(capped, { author, approverId: approver.id, customerId, productName: 'Capped Stent', children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }] });
      await arrangeDecision(capped, { parentChangeId, approver, approve: true });
      const mailsBefore = capped.mails().length;
      const ask = (i: number) =>
        capped.call('POST', '/module2/sendSearchURLLink', {
          body: { customerName, userEmail: `visitor.${i}@example.com`, parentChangeId },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
      for (let i = 0; i < 3; i++) expect(await ask(i)).toMatchObject({ status: 200, body: { message: SENT } });
      for (let i = 3; i < 6; i++) {
        expect(await ask(i)).toMatchObject({ status: 429, body: { code: 'mail-budget-spent', message: 'Many links were sent in the last hour. Please try again later.' } });
      }
      const inItalian = await capped.call('POST', '/module2/sendSearchURLLink', {
        body: { customerName, userEmail: 'visitor.it@example.com', parentChangeId, language: 'it' },
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      expect(inItalian).toMatchObject({ status: 429, body: { code: 'mail-budget-spent', message: SEARCH_LINK_LIMIT_TEXTS.it.mailBudget } });
      expect(capped.mails().slice(mailsBefore).map((m) => m.to)).toEqual(['visitor.0@example.com', 'visitor.1@example.com', 'visitor.2@example.com']);
      capped.clock.advance(60 * 60_000 + 1000);
      expect((await ask(6)).status).toBe(200);
      expect(capped.mails().at(-1)?.to).toBe('visitor.6@example.com');
    } finally {
      await capped.dispose();
    }
  });
});

describe('the search links asked for per customer and per caller address', () => {
  it('when one customer is asked for more than 100 links in 15 minutes, then 429 in the language sent; one caller address gets 300 valid links an hour, then 429', async () => {
    // The default budget of search links (SEARCH_LINK_MAIL_PER_HOUR, 1000) is not what is measured here.
    const api = await startTestApi({ TRUST_PROXY: '1' });
    try {
      const approverEmail = 'busy.link.approver@example.com';
      const approver = { id: await api.createUser({ email: approverEmail, role: 'ADMIN', password: 'busy approver password' }), email: approverEmail, password: 'busy approver password' };
      const author = { email: 'busy.link.author@example.com', password: 'busy author password' };
      await api.createUser({ email: author.email, role: 'USER', password: author.password, firstName: 'Busy', lastName: 'Author' });
      const customers: Array<{ customerName: string; parentChangeId: string }> = [];
      for (let c = 0; c < 5; c++) {
        const customerName = unique(`Busy Ward Clinic ${c} `);
        const customerId = await arrangeApprovedCustomer(api, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
        const { parentChangeId } = await arrangeChangeOrder(api, { author, approverId: approver.id, customerId, productName: `Busy Stent ${c}`, children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }] });
        await arrangeDecision(api, { parentChangeId, approver, approve: true });
        customers.push({ customerName, parentChangeId });
      }
      const ask = (customer: { customerName: string; parentChangeId: string }, from: string, extra: Record<string, unknown> = {}) =>
        api.call('POST', '/module2/sendSearchURLLink', {
          body: { ...customer, userEmail: `${unique('ward.')}@example.com`, ...extra },
          headers: { 'x-forwarded-for': from },
        });

      // One customer, many callers: the 101st in 15 minutes is refused, in German when the page is German.
      for (let i = 0; i < 100; i++) expect((await ask(customers[0]!, `198.18.${Math.floor(i / 200)}.${i % 200}`)).status).toBe(200);
      expect(await ask(customers[0]!, '198.18.9.9', { language: 'de' })).toMatchObject({
        status: 429,
        body: { code: 'search-link-customer-limited', message: SEARCH_LINK_LIMIT_TEXTS.de.customer },
      });
      // Other customers are not held back.
      expect((await ask(customers[1]!, '198.18.9.9')).status).toBe(200);

      // One hospital address, every ward behind it: 300 valid requests an hour pass (spread over four customers, each
      // below its own limit), the 301st is refused.
      const hospital = '192.0.2.77';
      for (let i = 0; i < 300; i++) {
        const answer = await ask(customers[1 + (i % 4)]!, hospital);
        expect(answer.status, `request ${i + 1}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      expect(await ask(customers[1]!, hospital, { language: 'es' })).toMatchObject({
        status: 429,
        body: { code: 'search-link-network-limited', message: SEARCH_LINK_LIMIT_TEXTS.es.network },
      });
    } finally {
      await api.dispose();
    }
  }, 120_000);
});
