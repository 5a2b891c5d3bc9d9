import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddUserRequest,
  ContactUsBody,
  ForgotPasswordRequest,
  GetTokenRequest,
  NotifyAdminRequest,
  SendSearchLinkBody,
  VerifyEmailRequest,
} from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer } from '../../../test-support/document-arrangements';
import { makePdf, multipart, pdfPart, sendForm } from '../../../test-support/documents';
import { pdfPolyglot, pdfWithExpandingText } from '../../../test-support/hostile-pdfs';
import { PNG_1X1 } from '../../../test-support/images';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { sealSearchLink } from '../public-portal';
import { expectEvery } from '../../../test-support/list-expectations';

/** The penetration test's payload, at 100 KB: quadratic work for a backtracking email pattern. */
const hostileEmail = (length: number) => `a@${'.'.repeat(length)}@`;

describe('hostile input is refused cheaply and stores nothing', () => {
  let t: TestApi;
  let admin: string;
  let spec: ReturnType<typeof apiSpec>;
  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    spec = apiSpec(t);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe('an email field never runs a pattern on an unbounded string', () => {
    const contracts: Array<[string, { safeParse: (input: unknown) => { success: boolean; error?: { issues: Array<{ code: string }> } } }, (email: string) => unknown]> = [
      ['verify/email', VerifyEmailRequest, (email) => ({ email })],
      ['get/token', GetTokenRequest, (username) => ({ username, password: 'x' })],
      ['forgot/password', ForgotPasswordRequest, (email) => ({ email })],
      ['notify/admin', NotifyAdminRequest, (email) => ({ email })],
      ['user/add', AddUserRequest, (email) => ({ email, firstName: 'A', lastName: 'B', isTrainingCompleted: true })],
      ['module2/sendSearchURLLink', SendSearchLinkBody, (userEmail) => ({ userEmail, customerName: 'A', parentChangeId: '00000000-0000-4000-8000-000000000000' })],
      ['module2/contactUs', ContactUsBody, (email) => ({ email, name: 'A', phoneNumber: '0123456789', subject: 'S', textField: 'T' })],
    ];
    for (const [name, contract, body] of contracts) {
      it(`when the ${name} contract gets a 100 KB hostile address, then it is refused for its length, before any pattern reads it`, () => {
        // Length-checked first, so the pattern (the old one took 7.6 s on 64 KB) never sees it: the only refusal is the length.
        const result = contract.safeParse(body(hostileEmail(100_000)));
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
      });
    }

    const anonymous: Array<[string, (email: string) => unknown, string]> = [
      ['/user/verify/email', (email) => ({ email }), 'email'],
      ['/user/get/token', (username) => ({ username, password: 'whatever it is' }), 'username'],
      ['/user/forgot/password', (email) => ({ email }), 'email'],
      ['/user/notify/admin', (email) => ({ email }), 'email'],
      ['/module2/sendSearchURLLink', (userEmail) => ({ userEmail, customerName: 'A', parentChangeId: '00000000-0000-4000-8000-000000000000' }), 'userEmail'],
      ['/module2/contactUs', (email) => ({ email, name: 'A', phoneNumber: '0123456789', subject: 'S', textField: 'T' }), 'email'],
    ];
    for (const [path, body, field] of anonymous) {
      it(`when POST ${path} gets a 100 KB hostile address, then 400 (too large for an anonymous call); at 7 KB, 400 naming ${field}; nothing stored`, async () => {
        await spec.when(() => t.call('POST', path, { body: body(hostileEmail(100_000)) })).thenNothingStored(400, 'Request body is too large');
        const answer = await spec.when(() => t.call('POST', path, { body: body(hostileEmail(7_000)) })).thenNothingStored(400, `${field} must be at most 254 characters`);
        expect(answer.body.code).toBe('invalid-request');
      });
    }

    it('when POST /user/add (staff) gets a 90 KB hostile address, then 400 naming email and nothing stored', async () => {
      await spec
        .when(() => t.call('POST', '/user/add', { token: admin, body: { email: hostileEmail(90_000), firstName: 'A', lastName: 'B', isTrainingCompleted: true } }))
        .thenNothingStored(400, 'email must be at most 254 characters');
    });

    it("when the report's email parameter is a hostile address, then 400 and no download is recorded", async () => {
      await spec
        .when(() => t.call('GET', `/user/create/report?from=01-Jan-2026&to=02-Jan-2026&email=${encodeURIComponent(hostileEmail(7_000))}`, { token: admin }))
        .thenNothingStored(400, 'email: Please enter valid email address.');
    });

    it('when an address has an empty domain label, then it is refused (the pattern that cannot backtrack)', async () => {
      for (const email of ['a@b..c', 'a@.b.c', 'a@b.c.']) {
        expect((await t.call('POST', '/user/verify/email', { body: { email } })).body.message).toBe('email: Please enter valid email address.');
      }
    });
  });

  describe('control characters and undecodable bodies', () => {
    const nul = 'a\u0000b@example.com';
    const routes: Array<[string, unknown, string]> = [
      ['/user/verify/email', { email: nul }, 'email'],
      ['/user/get/token', { username: nul, password: 'x' }, 'username'],
      ['/user/forgot/password', { email: nul }, 'email'],
      ['/user/notify/admin', { email: nul }, 'email'],
      ['/module2/sendSearchURLLink', { userEmail: nul, customerName: 'A', parentChangeId: '00000000-0000-4000-8000-000000000000' }, 'userEmail'],
      ['/module2/contactUs', { email: 'a@example.com', name: 'A', phoneNumber: '0123456789', subject: 'S', textField: 'a\u0000b' }, 'textField'],
      ['/user/set/password', { token: 'to\u0000ken', password: 'a good long passphrase' }, 'token'],
    ];
    for (const [path, body, field] of routes) {
      it(`when POST ${path} gets a NUL byte in ${field}, then 400 naming ${field} and nothing stored`, async () => {
        await spec.when(() => t.call('POST', path, { body })).thenNothingStored(400, `${field} must not contain control characters`);
      });
    }

    it('when a customer is added with a NUL in its email, then 400 naming the field, and no logo and no name claim are kept', async () => {
      const approverId = await t.createUser({ email: 'nul.approver@example.com', role: 'ADMIN', password: 'nul approver password' });
      const body = new FormData();
      for (const [key, value] of Object.entries({ customerName: 'Nul Clinic', contactInformation: '5550102030', contactEmail: 'a\u0000@b.example', approverId })) {
        body.set(key, value);
      }
      body.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
      await spec
        .when(async () => {
          const response = await fetch(`${t.url}/customer/add`, { method: 'POST', body, headers: { authorization: `Bearer ${admin}` } });
          return { status: response.status, body: await response.json() };
        })
        .thenNothingStored(400, 'contactEmail must not contain control characters');
    });

    it('when a public logo is asked for a NUL or any id that is not one, then 404, not a server error', async () => {
      for (const id of ['%00', 'abc', '..%2F..%2Fetc']) expect((await t.call('GET', `/module2/customerLogo/${id}`)).status).toBe(404);
    });

    it('when a path parameter has a malformed % escape, then 400 naming it, not a server error', async () => {
      for (const path of ['/module2/getParentLogosForCustomer/%E0%A4%A', '/module2/singleCustomerLogoURL/%ZZ/x', '/module2/productLogo/%']) {
        const answer = await t.call('GET', path);
        expect(answer.status, path).toBe(400);
        expect(answer.body, path).toMatchObject({ code: 'path-undecodable', message: 'The address could not be decoded (a malformed % escape)' });
      }
    });

    it('when a body claims gzip, deflate or brotli but is not, then 400 and nothing stored', async () => {
      for (const encoding of ['gzip', 'deflate', 'br']) {
        await spec
          .when(() => t.call('POST', '/user/forgot/password', { raw: '{"email":"a@b.co"}', headers: { 'content-encoding': encoding } }))
          .thenNothingStored(400, 'Request body could not be decoded');
      }
      const real = await fetch(`${t.url}/user/forgot/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: new Uint8Array(gzipSync('{"email":"a@b.co"}')),
      });
      expect(real.status).toBe(200);
    });
  });

  describe('hostile passwords and device cookies', () => {
    const oneKb = 'aB3$'.repeat(256);

    it('when a 1 KB repeated phrase comes as a new password (change or set), then 400 for its length and nothing stored', async () => {
      await spec
        .when(() => t.call('POST', '/user/change/password', { token: admin, body: { email: ADMIN_EMAIL, oldPassword: ADMIN_PASSWORD, newPassword: oneKb } }))
        .thenNothingStored(400, 'newPassword: Password must be at most 128 characters.');
      await spec
        .when(() => t.call('POST', '/user/set/password', { body: { token: 'a'.repeat(43), password: oneKb } }))
        .thenNothingStored(400, 'password: Password must be at most 128 characters.');
    });

    it('when a login carries an oversized, malformed or forged device cookie, then it counts as none (a failure is recorded as from the address)', async () => {
      const email = `${unique('cookie-')}@example.com`;
      const userId = await t.createUser({ email, role: 'USER', password: 'cookie owner password', firstName: 'Coo', lastName: unique('Kie-') });
      for (const cookie of [`ifu_device=${'A'.repeat(10_000)}`, 'ifu_device=~~~.~.', `ifu_device=${'a'.repeat(22)}.${'b'.repeat(22)}`, 'ifu_device=x; ifu_device=y']) {
        const answer = await t.call('POST', '/user/get/token', { body: { username: email, password: 'wrong password' }, headers: { cookie } });
        expect(answer.status).toBe(401);
      }
      const failures = (await t.store.readStream(`user-credentials-${userId}`)).filter((e) => e.type === 'LoginFailed');
      expect(failures).toHaveLength(4);
      expectEvery(failures, (e) => e.data.trusted === undefined && !String(e.data.source ?? '').startsWith('device:'));
    });
  });

  describe('hostile contact subjects, searches on hidden fields and look-alike printed names', () => {
    it("when a contact subject poses as our mail with a link, then the mail's Subject header is ours and the link only in the body, labelled", async () => {
      const marker = unique('hostile-');
      const subject = 'IFU Portal: your password expires, renew at https://evil.example/renew';
      const answer = await t.call('POST', '/module2/contactUs', { body: { email: 'v@example.com', name: 'V', phoneNumber: '0123456789', subject, textField: marker } });
      expect(answer.status).toBe(200);
      const mails = t.mails().filter((m) => m.text.includes(marker));
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) {
        expect(mail.subject).toBe('IFU Portal: a message from the Contact US form');
        expect(mail.text).toContain(`Subject (as the visitor wrote it): ${subject}`);
      }
    });

    it("when a USER searches for a customer's contact email or sorts by it, then nothing is found, or 400 naming sortField", async () => {
      const email = `${unique('hostile.user-')}@example.com`;
      await t.createUser({ email, role: 'USER', password: 'hostile user password', firstName: 'Hos', lastName: unique('Tile-') });
      const user = await t.login(email, 'hostile user password');
      // A customer whose contact email is `hostile.clinic.<id>@example.com` (the arrangement's rule).
      const approverId = await t.createUser({ email: `${unique('hostile.approver-')}@example.com`, role: 'ADMIN', password: 'hostile approver password', firstName: 'Hap', lastName: unique('Prover-') });
      const name = unique('Hostile Clinic ');
      await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approverId, name);
      const contactEmail = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
      expect((await t.call('GET', `/customer/list/?search=${encodeURIComponent(contactEmail)}`, { token: admin })).body.total).toBe(1);
      for (const search of [contactEmail, '@', '%@%', '.com', '_']) {
        const answer = await t.call('GET', `/customer/list/?page=0&pageSize=10&search=${encodeURIComponent(search)}`, { token: user });
        expect(answer.status, search).toBe(200);
        for (const customer of answer.body.customerList as Array<{ customerName: string }>) expect(customer.customerName, search).toContain(search.replace(/%/g, ''));
      }
      for (const sortField of ['contactEmail', 'createdAt', 'contact_email', 'approverId']) {
        const answer = await t.call('GET', `/customer/list/?page=0&pageSize=10&sortField=${sortField}`, { token: user });
        expect(answer.status, sortField).toBe(400);
        expect(answer.body.message, sortField).toMatch(/^sortField: /);
      }
    });

    it('when a new user copies an active user\'s printed name with zero-width, bidirectional or decomposed characters, then it is refused (400 for the invisible ones, 409 for the rest) and nothing is stored', async () => {
      const lastName = unique('Lookalike-');
      expect((await t.call('POST', '/user/add', { token: admin, body: { email: `${unique('orig-')}@example.com`, firstName: 'José', lastName, isTrainingCompleted: true } })).status).toBe(200);
      const add = (firstName: string) => t.call('POST', '/user/add', { token: admin, body: { email: `${unique('copy-')}@example.com`, firstName, lastName, isTrainingCompleted: true } });
      for (const firstName of ['Jose\u0301', 'JOSÉ\u00a0', '\ufeffjosé']) {
        await spec
          .when(() => add(firstName))
          .thenNothingStored(409, 'firstName, lastName: another active user already has this first and last name. A signature shows the printed name, so it must name one person: add a middle initial or another distinguishing part.');
      }
      // Characters that print as nothing are refused in a name at all.
      for (const firstName of ['Jos\u200bé', '\u202aJosé\u202c']) {
        await spec.when(() => add(firstName)).thenNothingStored(400, 'firstName must not contain invisible or blank filler characters');
      }
    });
  });

  describe('a signed decision names the version reviewed; download links name their holder', () => {
    const REQUIRED = 'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.';
    const INVALID = 'If-Match must be a record version, as the ETag of the record gave it';

    it('when a customer decision gets a wildcard, a list, a negative, an overlong or a future If-Match, then 409 or 400 and nothing stored', async () => {
      const approver = { id: '', email: 'if.match.approver@example.com', password: 'if match approver password' };
      approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
      const customerId = await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver.id, 'If Match Clinic');
      const token = await t.login(approver.email, approver.password);
      const decide = (ifMatch: string) =>
        t.call('POST', '/customer/approve/add', {
          token,
          headers: { 'if-match': ifMatch },
          body: { customerId, customerApproverId: approver.id, customerApproval: true, username: approver.email, password: approver.password },
        });
      for (const wildcard of ['*', ' * ', '']) await spec.when(() => decide(wildcard)).thenNothingStored(409, REQUIRED);
      for (const hostile of ['"1", "2"', '"-1"', `"1${'0'.repeat(10_000)}"`, '"1 2"', '"0x1"', 'W/*']) await spec.when(() => decide(hostile)).thenNothingStored(400, INVALID);
      await spec
        .when(() => decide('"999999999"'))
        .thenNothingStored(409, 'This record changed after you reviewed it: you reviewed version 999999999; it is now version 1. The version you sent is not one this record has had. Review it again, then sign.');
    });

    it('when a download link is bent to another holder, customer or family, or overlong, then 404 and nothing stored', async () => {
      const approver = { id: '', email: 'link.approver@example.com', password: 'link approver password' };
      approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
      const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, 'Link Clinic');
      const { parentChangeId } = await arrangeChangeOrder(t, {
        author: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        approverId: approver.id,
        customerId,
        productName: 'Link Pump',
        children: [{ lotNumber: 'LOT-LINK-1', partNumber: 'PN-1' }],
      });
      const token = await t.login(approver.email, approver.password);
      const child = (await t.call('GET', `/document/get/${parentChangeId}`, { token })).body.children[0].childDocumentId as string;
      const staff = (await t.call('GET', `/document/getDocumentDownload/${child}`, { token })).body.documentPath as string;
      const adminId = (await t.call('GET', '/user/me', { token: admin })).body.id as string;
      const bent = [staff.replace(/user=[^&]+/, `user=${adminId}`), staff.replace(/user=[^&]+/, `user=${'a'.repeat(10_000)}`), staff.replace(/user=[^&]+/, 'user=')];
      const link = sealSearchLink(t.api.context.secrets.linkSecret, { customerId, parentChangeId }, 'hostile.visitor@clinic.example', new Date(t.clock.now().getTime() + 86_400_000));
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const visitor = (await t.call('POST', '/module2/getDocumentURL', { body: { docId: child, encryptedUserEmail: link } })).body.docURL as string;
      bent.push(
        visitor.replace(/family=[^&]+/, `family=${'0'.repeat(10_000)}`),
        visitor.replace(/customer=[^&]+/, `customer=${approver.id}`),
        visitor.replace(/\/module2\/file\/[^?]+/, '/module2/file/%00'),
        visitor.replace(/signature=[^&]+/, `signature=${'A'.repeat(5_000)}`),
      );
      for (const url of bent) {
        await spec
          .when(async () => {
            const response = await fetch(url);
            return { status: response.status, body: await response.json() };
          })
          .thenNothingStored(404, 'This download link is not valid or has expired');
      }
      });
    });

  describe('hostile document uploads', () => {
    const upload = (bytes: Buffer, name: string) =>
      sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', bytes, name)]), admin);

    for (const [kind, name] of [['html', 'ifu.html'], ['svg', 'ifu.svg']] as const) {
      it(`when a file starts '%PDF-' and goes on as ${kind.toUpperCase()} (named ${name}), then 400 and nothing is stored`, async () => {
        await spec.when(() => upload(pdfPolyglot(kind), name)).thenNothingStored(400, 'The document must be a PDF document');
      });
    }

    it('when a PDF is named with a right-to-left override, C1 controls and bidirectional isolates, then they are stripped and the name ends in .pdf', async () => {
      const pdf = await makePdf('Instructions for use');
      const answer = await upload(pdf, 'r\u00e9sum\u00e9\u202Egpj.exe\u0085\u009b\u2066\u2069');
      expect({ status: answer.status, docName: answer.body.fileDetails?.[0]?.docName }).toEqual({ status: 200, docName: 'résumégpj.exe.pdf' });
    });

    it('when a PDF bomb is uploaded (text expanding a thousandfold), then it is answered at once and its text is cut at the limit later', async () => {
      const queue = t.api.context.textQueue;
      queue.pause();
      let sha256: string;
      try {
        const answer = await upload(await pdfWithExpandingText('Sterile catheter instructions', 64 * 1024 * 1024), 'bomb.pdf');
        expect(answer.status).toBe(200);
        sha256 = answer.body.fileDetails[0].sha256 as string;
        // Answered while the queue is held: nothing was extracted for the answer.
        expect((await t.database.db.query('SELECT 1 FROM document_file_text WHERE sha256 = $1', [sha256])).rows).toEqual([]);
      } finally {
        queue.resume();
      }
      await queue.idle();
      const { rows } = await t.database.db.query<{ bytes: number; truncated: string }>(
        'SELECT octet_length(text) AS bytes, truncated FROM document_file_text WHERE sha256 = $1',
        [sha256],
      );
      expect(rows[0]!.truncated).toBe('text-limit');
      expect(rows[0]!.bytes).toBeLessThanOrEqual(t.api.context.config.PDF_TEXT_MAX_BYTES);
    });
  });

  describe('the second factor, the audit-trail review and the periodic review take hostile input cheaply', () => {
    /** A refusal that stores nothing, whatever its words: the status, and the message's field named. */
    const refusedNamingNothingStored = async (request: () => Promise<{ status: number; body: { message?: string } }>, status: number, field: RegExp) => {
      const before = await t.store.lastPosition();
      const answer = await request();
      expect({ status: answer.status, names: field.test(String(answer.body?.message)) }, String(answer.body?.message)).toEqual({ status, names: true });
      expect(await t.store.lastPosition()).toBe(before);
    };

    it('when the code step gets a 1 KB code, a NUL in the code, a 2 KB or a 100 KB challenge, then 400 and nothing stored', async () => {
      const step = (body: unknown) => t.call('POST', '/user/get/token/second-factor', { body });
      await refusedNamingNothingStored(() => step({ challenge: 'x', code: '1'.repeat(1024) }), 400, /code|6-digit/);
      await refusedNamingNothingStored(() => step({ challenge: 'x', code: '123\u0000456' }), 400, /code|6-digit/);
      // An anonymous call's body is capped before it is parsed; under the cap the challenge's own bound names it.
      await refusedNamingNothingStored(() => step({ challenge: 'c'.repeat(100_000), code: '123456' }), 400, /too large/);
      await refusedNamingNothingStored(() => step({ challenge: 'c'.repeat(2000), code: '123456' }), 400, /challenge/);
    });

    it('when enrolment is confirmed with a 1 KB code or an enrolment id that is no id, then 400 and nothing stored', async () => {
      const confirm = (body: unknown) => t.call('POST', '/user/second-factor/enrolment/confirm', { token: admin, body });
      await refusedNamingNothingStored(() => confirm({ enrolmentId: 'e'.repeat(2000), code: '1'.repeat(1024) }), 400, /code|enrolmentId|6-digit/);
    });

    it("when an audit history's actor filter is 1 KB or holds a NUL, then 400 naming actor; twenty histories at once all answer", async () => {
      const me = (await t.call('GET', '/user/me', { token: admin })).body.id as string;
      const history = (query: string) => t.call('GET', `/audit/history/user/${me}?${query}`, { token: admin });
      await refusedNamingNothingStored(() => history(`actor=${'a'.repeat(1024)}`), 400, /actor/);
      await refusedNamingNothingStored(() => history('actor=a%00b'), 400, /actor/);
      const answers = await Promise.all(Array.from({ length: 20 }, () => history('')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    });

    it("when a periodic review date's reason is 10 KB or holds a NUL, then 400 naming reason and nothing stored", async () => {
      const setDate = (reason: string) =>
        t.call('POST', '/document/periodicReview/date', { token: admin, body: { parentChangeId: '00000000-0000-4000-8000-000000000000', reviewDate: '2027-06-30', reason } });
      await refusedNamingNothingStored(() => setDate('r'.repeat(10_000)), 400, /[Rr]eason/);
      await refusedNamingNothingStored(() => setDate('why\u0000not'), 400, /[Rr]eason|control/);
    });
  });
});
