import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, DOCUMENT_MESSAGES, NOTIFICATION_MESSAGES, PASSWORD_MESSAGES, USER_MESSAGES } from '@ifu/contracts';
import { makePdf } from '../../../test-support/documents';
import { PNG_1X1 } from '../../../test-support/images';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { formatAuditDate } from '../audit';
import { accessibilityMailSubject } from '../documents';
import { expectSome } from '../../../test-support/list-expectations';

/**
 * The spec is the floor (spec §7): a client written against its calls, with exactly its payloads, works. Each call
 * below is sent as the spec gives it: its method, path and payload, no If-Match and no field of our own, in the order a
 * client does (opening a record with the GET the spec lists before deciding on it), and answers as the spec says
 * (HTTP 200, `data.message` or the named fields, the spec's texts). A signed decision without If-Match is bound to the
 * version its signer last opened (docs/security.md). Where the product is safer than the spec on purpose
 * (docs/architecture.md, "Safer than the spec, on purpose") the call carries what that section documents, and says so.
 */

const PORTAL = 'https://portal.example';
const VERSION_REQUIRED =
  'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.';

type Staff = { id: string; email: string; password: string; token: string; firstName: string; lastName: string };

describe('the spec’s calls (spec §7) with exactly the spec’s payloads', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let approver: Staff;
  let author: Staff;

  const pdf = async (name: string) => new Blob([new Uint8Array(await makePdf(name))], { type: 'application/pdf' });
  const logo = () => new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' });
  /** A multipart call as the spec's client sends it: the form, the bearer token, nothing else. */
  const form = async (method: string, path: string, token: string, fields: Record<string, string>, files: Array<[string, Blob, string]> = []) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const [name, blob, fileName] of files) body.append(name, blob, fileName);
    const response = await fetch(`${t.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read fields
  };
  const staff = async (role: 'USER' | 'ADMIN', firstName: string, lastName: string): Promise<Staff> => {
    const email = `${unique(`${firstName.toLowerCase()}.`)}@example.com`;
    const password = 'a spec client password 1';
    const id = await t.createUser({ email, role, password, firstName, lastName });
    return { id, email, password, firstName, lastName, token: await t.login(email, password) };
  };
  const ok = (answer: { status: number; body: unknown }, what: string) => expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);

  beforeAll(async () => {
    t = await startTestApi({ PUBLIC_CUSTOMER_URL: PORTAL, TRUST_PROXY: '1' });
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = await staff('ADMIN', 'Alma', unique('Approver-'));
    author = await staff('USER', 'Ada', unique('Author-'));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe('a whole client session, call after call', () => {
    // What the calls hand on to the later ones.
    let customerId = '';
    let customerName = '';
    let parentChangeId = '';
    let childDocumentId = '';
    let supportingFileId = '';
    let userId = '';
    let userEmail = '';
    let notificationId = 0;

    it('7.1 login: POST /user/verify/email, POST /user/get/token', async () => {
      const verified = await t.call('POST', '/user/verify/email', { body: { email: author.email } });
      ok(verified, 'verify/email');
      expect(verified.body).toMatchObject({ emailExist: true, userActive: true, passwordActive: true });
      const login = await t.call('POST', '/user/get/token', { body: { username: author.email, password: author.password } });
      ok(login, 'get/token');
      // The spec's `data.role` and `data.message` (the bearer token) are the answer's body as its client reads it.
      expect(login.body).toMatchObject({ role: 'USER', message: expect.any(String) });
      expect((await t.call('GET', '/document/getAllParentsForLoginUser', { token: login.body.message })).status).toBe(200);
    });

    it('7.1 passwords: POST /user/forgot/password, POST /user/set/password, POST /user/change/password', async () => {
      const person = await staff('USER', 'Pia', unique('Password-'));
      ok(await t.call('POST', '/user/forgot/password', { body: { email: person.email } }), 'forgot/password');
      await t.api.context.work.settled();
      const token = t.passwordLinkToken(person.email);
      const set = await t.call('POST', '/user/set/password', { body: { token, password: 'a freshly set password 2' } });
      ok(set, 'set/password');
      expect(set.body.message).toBe(PASSWORD_MESSAGES.created);
      const session = await t.login(person.email, 'a freshly set password 2');
      const changed = await t.call('POST', '/user/change/password', { token: session, body: { email: person.email, newPassword: 'a changed password 3 again', oldPassword: 'a freshly set password 2' } });
      ok(changed, 'change/password');
      await t.login(person.email, 'a changed password 3 again');
    });

    it('7.1 Manage User: POST /user/add, GET /user/list/user, PUT /user/modify', async () => {
      userEmail = `${unique('spec.user.')}@example.com`;
      const now = new Date().toISOString();
      const added = await t.call('POST', '/user/add', {
        token: admin,
        body: {
          email: userEmail,
          firstName: 'Sam',
          lastName: unique('Spec-'),
          lastLoginDate: now,
          password: 'ignored by the server',
          passwordActive: false,
          passwordCreationDate: now,
          passwordSetDate: now,
          role: 'USER',
          userActive: true,
          isTrainingCompleted: true,
        },
      });
      ok(added, 'user/add');
      expect(added.body.message).toMatch(new RegExp(`${USER_MESSAGES.added.replace(/[!]/g, '\\!')}$`));
      userId = added.body.user.id;
      const list = await t.call('GET', '/user/list/user', { token: admin });
      ok(list, 'list/user');
      const row = (list.body.userList as Array<Record<string, unknown>>).find((u) => u.id === userId)!;
      expect(row).toMatchObject({ email: userEmail.toLowerCase(), role: 'USER' });
      const modified = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: userId, email: row.email, firstName: row.firstName, lastName: row.lastName, role: 'ADMIN', userActive: true, isTrainingCompleted: true },
      });
      ok(modified, 'user/modify');
      expect(modified.body.message).toBe(USER_MESSAGES.updated);
    });

    it('7.2 customers: POST /customer/add, GET /customer/list/, GET /customer/get/{id}, GET /customer/logo/{id}, POST /customer/check/request, POST /customer/approve/add, PUT /customer/update', async () => {
      customerName = unique('Spec Clinic ');
      const fields = {
        contactEmail: 'contact@spec-clinic.example',
        contactInformation: '4930901820',
        countryExclusionList: 'DE,US',
        customerName,
        customerWebsiteLink: 'https://spec-clinic.example',
        approverId: approver.id,
      };
      const added = await form('POST', '/customer/add', admin, fields, [['customerLogo', logo(), 'logo.png']]);
      ok(added, 'customer/add');
      expect(added.body.message).toBe(CUSTOMER_MESSAGES.added);
      customerId = added.body.customer.id;
      const list = await t.call('GET', '/customer/list/', { token: approver.token });
      ok(list, 'customer/list');
      expectSome(list.body.customerList as Array<{ id: string }>, (c) => c.id === customerId);
      ok(await t.call('GET', `/customer/get/${customerId}`, { token: approver.token }), 'customer/get');
      expect((await fetch(`${t.url}/customer/logo/${customerId}`, { headers: { authorization: `Bearer ${approver.token}` } })).status).toBe(200);
      const check = await t.call('POST', '/customer/check/request', { token: approver.token, body: { customerId } });
      ok(check, 'check/request');
      expect(check.body).toEqual({ approvalResponse: true });
      // The approver opened it (the list and its page above): the decision, without If-Match, is bound to that version.
      const { answer, events } = await spec
        .when(() =>
          t.call('POST', '/customer/approve/add', {
            token: approver.token,
            body: {
              customerApproval: true,
              customerApproverId: approver.id,
              customerId,
              changeDescription: 'Customer Approval Request',
              changeJustification: '',
              username: approver.email,
              password: approver.password,
            },
          }),
        )
        .then({ status: 200, body: { customer: { status: 'APPROVED' } } });
      expect(answer.body.message).toBe(CUSTOMER_MESSAGES.approved);
      const approvedEvent = events.find((e) => e.type === 'CustomerApproved');
      expect(approvedEvent?.data).toMatchObject({ signature: { signerId: approver.id, meaning: 'approval', subject: { stream: `customer-${customerId}`, boundBy: 'recorded-view' } } });
      const updated = await form('PUT', '/customer/update', admin, { ...fields, customerWebsiteLink: 'https://www.spec-clinic.example', id: customerId });
      ok(updated, 'customer/update');
      expect(updated.body.message).toMatch(/^Customer updated successfully!!|approver/);
    });

    it('7.3 the add wizard: POST /document/addDocumentFiles (parent, child), POST /document/addDocumentListData', async () => {
      const parent = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'true' }, [
        ['parentDocuments', await pdf('Risk assessment'), 'Risk assessment.pdf'],
        ['parentLogo', logo(), 'logo.png'],
      ]);
      ok(parent, 'addDocumentFiles (parent)');
      expect(parent.body).toMatchObject({ uploadParentDocumentFileId: expect.any(String), fileDetails: expect.any(Array) });
      const child = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'false' }, [['childMainDocument', await pdf('IFU spec pump'), 'IFU spec pump.pdf']]);
      ok(child, 'addDocumentFiles (child)');
      expect(child.body).toMatchObject({ uploadChildDocumentFileId: expect.any(String) });
      const second = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'false' }, [['childMainDocument', await pdf('IFU spec pump FR'), 'IFU spec pump FR.pdf']]);
      const childOf = (lot: string, upload: string) => ({
        changeDescription: `First release of ${lot}`,
        changeJustification: 'New product line',
        languageList: 'de,en',
        countryList: 'DE,FR',
        keywords: 'spec pump',
        associatedReferenceNumber: lot,
        billMaterialInformation: `BOM-${lot}`,
        isInternal: false,
        productFamilyName: 'Spec Pump',
        productFamilyDescription: 'Infusion pump',
        productSubFamilyNameOne: `PN-${lot}`,
        productSubFamilyNameTwo: `BOM-${lot}`,
        uploadDocumentFileId: upload,
        obsoleteDate: '28-Nov-2026',
      });
      const created = await t.call('POST', '/document/addDocumentListData', {
        token: author.token,
        body: {
          list: [childOf('SPEC-1', child.body.uploadChildDocumentFileId), childOf('SPEC-2', second.body.uploadChildDocumentFileId)],
          approverId: approver.id,
          customerId,
          username: author.email,
          password: author.password,
          comments: 'Reviewed by QA',
          changeDescription: 'Instructions for use of the spec pump',
          changeJustification: 'Market launch',
          effectiveDate: '01-Nov-2026',
          isInternal: false,
          changeType: 'General Document',
          uploadParentDocumentFileId: parent.body.uploadParentDocumentFileId,
          productFamilyName: 'Spec Pump',
          productFamilyDescription: 'Infusion pump',
          productSubFamilyNameOne: 'PN-SPEC',
          productSubFamilyNameTwo: 'BOM-SPEC',
        },
      });
      ok(created, 'addDocumentListData');
      parentChangeId = created.body.parentChangeId;
      expect(created.body.message).toBe(DOCUMENT_MESSAGES.addedWithId(created.body.documentId));
      await t.api.context.textQueue.idle();
    });

    it('7.3 the author opens and edits it: GET /document/getAllParentsForLoginUser, GET /document/get/{id}, PUT /document/updateParent, PUT /document/updateSingleChildDocument', async () => {
      const mine = await t.call('GET', '/document/getAllParentsForLoginUser', { token: author.token });
      ok(mine, 'getAllParentsForLoginUser');
      expectSome(mine.body.data.list as Array<{ parentChangeId: string }>, (r) => r.parentChangeId === parentChangeId);
      const opened = await t.call('GET', `/document/get/${parentChangeId}`, { token: author.token });
      ok(opened, 'document/get');
      childDocumentId = opened.body.children[0].childDocumentId;
      supportingFileId = opened.body.parentDocumentList[0].fileId;
      const edited = await form(
        'PUT',
        '/document/updateParent',
        author.token,
        {
          approverId: approver.id,
          changeJustification: 'Market launch',
          changeDescription: 'Instructions for use of the spec pump, second draft',
          customerId,
          effectiveDate: '02-Nov-2026',
          changeType: 'General Document',
          isInternal: 'false',
          parantChangeId: parentChangeId,
          productFamilyName: 'Spec Pump',
          username: author.email,
          password: author.password,
          comments: 'Second draft',
        },
        [['parentDocuments', await pdf('Usability study'), 'Usability study.pdf']],
      );
      ok(edited, 'updateParent');
      expect(edited.body.message).toBe(DOCUMENT_MESSAGES.updated);
      const child = await form('PUT', '/document/updateSingleChildDocument', author.token, {
        associatedReferenceNumber: 'SPEC-1',
        changeDescription: 'First release of SPEC-1, corrected',
        changeJustification: 'New product line',
        comments: 'Typo',
        languageList: 'de,en',
        countryExclusionList: '',
        countryList: 'DE,FR',
        keywords: 'spec pump corrected',
        productSubFamilyNameOne: 'PN-SPEC-1',
        productSubFamilyNameTwo: 'BOM-SPEC-1',
        billMaterialInformation: 'BOM-SPEC-1',
        username: author.email,
        password: author.password,
        childDocumentId,
      });
      ok(child, 'updateSingleChildDocument');
      expect(child.body.message).toBe(DOCUMENT_MESSAGES.childUpdated);
    });

    it('7.3 the author deletes a supporting file and deactivates a child, as opened: DELETE /document/deleteParentFileById, DELETE /document/deleteChildDoc', async () => {
      // Opened again after the edits, as the Edit parent page and the view do.
      ok(await t.call('GET', `/document/getSingleParentById/${parentChangeId}`, { token: author.token }), 'getSingleParentById');
      const deleted = await spec
        .when(() => t.call('DELETE', '/document/deleteParentFileById', { token: author.token, body: { documentParentChangeId: parentChangeId, fileId: supportingFileId, password: author.password, username: author.email } }))
        .then({ status: 200, events: [{ stream: `document-${parentChangeId}`, type: 'SupportingFileDeleted' }] });
      expect(deleted.events[0]!.data).toMatchObject({ signature: { meaning: 'file-deletion', subject: { boundBy: 'recorded-view' } } });
      ok(await t.call('GET', `/document/get/${parentChangeId}`, { token: author.token }), 'document/get');
      const second = (await t.call('GET', `/document/get/${parentChangeId}`, { token: author.token })).body.children[1].childDocumentId as string;
      const deactivated = await spec
        .when(() => t.call('DELETE', '/document/deleteChildDoc', { token: author.token, body: { childDocumentId: second, username: author.email, password: author.password } }))
        .then({ status: 200, events: [{ stream: `document-${parentChangeId}`, type: 'ChildDocumentDeactivated' }] });
      expect(deactivated.events[0]!.data).toMatchObject({ signature: { meaning: 'deactivation', subject: { boundBy: 'recorded-view' } } });
    });

    it('7.3 the approver reviews and approves from the list: GET /document/getDocumentParents, GET /document/get/{id}, GET /document/getDocumentDownload/{id}, POST /document/approveDocuments', async () => {
      const list = await t.call('GET', '/document/getDocumentParents', { token: approver.token });
      ok(list, 'getDocumentParents');
      expectSome(list.body.data.list as Array<{ parentChangeId: string }>, (r) => r.parentChangeId === parentChangeId);
      const opened = await t.call('GET', `/document/get/${parentChangeId}`, { token: approver.token });
      ok(opened, 'document/get');
      for (const { fileId } of opened.body.unopened as Array<{ fileId: string }>) {
        const link = await t.call('GET', `/document/getDocumentDownload/${fileId}`, { token: approver.token });
        ok(link, 'getDocumentDownload');
        const file = await fetch(link.body.documentPath);
        expect(file.status).toBe(200);
        await file.arrayBuffer();
      }
      const { answer, events } = await spec
        .when(() =>
          t.call('POST', '/document/approveDocuments', {
            token: approver.token,
            body: { approverId: approver.id, changeDescription: 'Instructions for use of the spec pump', changeJustification: '', documentApproval: true, parentChangeId, username: approver.email, password: approver.password },
          }),
        )
        .then({ status: 200, body: { message: DOCUMENT_MESSAGES.approved, document: { status: 'APPROVED' } } });
      expect(answer.headers?.get('etag')).toBeTruthy();
      const approved = events.find((e) => e.type === 'ChangeOrderApproved')!;
      expect(approved.data).toMatchObject({
        signature: { signerId: approver.id, meaning: 'approval', subject: { stream: `document-${parentChangeId}`, version: opened.body.version, boundBy: 'recorded-view', viewedAt: expect.any(String) } },
      });
    });

    it('7.3 searches and downloads: POST /document/searchDocuments/, GET /document/getProductByCustomer/{id}', async () => {
      const found = await t.call('POST', '/document/searchDocuments/', { token: author.token, body: { keywords: 'spec pump', changeOrderNo: '', productName: '', customerName: '', isArchieveSearch: false } });
      ok(found, 'searchDocuments');
      expectSome(found.body.data.list as Array<{ parentChangeId: string; childDocumentId: string }>, (r) => r.parentChangeId === parentChangeId && r.childDocumentId === childDocumentId);
      const products = await t.call('GET', `/document/getProductByCustomer/${customerId}`, { token: author.token });
      ok(products, 'getProductByCustomer');
      expect(products.body.data.list).toEqual([expect.objectContaining({ parentChangeId, productFamilyName: 'Spec Pump' })]);
    });

    it('7.1 notices: POST /user/addNotification, GET /user/listNotification/, POST /user/updateNotification, DELETE /user/deleteNotification', async () => {
      const added = await t.call('POST', '/user/addNotification', { token: admin, body: { customerID: customerId, productID: parentChangeId, notificationText: 'Spec notice' } });
      ok(added, 'addNotification');
      expect(added.body.message).toBe(NOTIFICATION_MESSAGES.added);
      const list = await t.call('GET', '/user/listNotification/', { token: admin });
      ok(list, 'listNotification');
      notificationId = (list.body.list as Array<{ id: number; notificationText: string }>).find((n) => n.notificationText === 'Spec notice')!.id;
      const updated = await t.call('POST', '/user/updateNotification', { token: admin, body: { customerID: customerId, productID: parentChangeId, notificationText: 'Spec notice, updated', id: notificationId } });
      ok(updated, 'updateNotification');
      expect(updated.body.message).toBe(NOTIFICATION_MESSAGES.updated);
    });

    it('7.4 the public portal: getApprovedCustomers(Data), getParentLogosForCustomer, singleCustomerLogoURL, sendSearchURLLink, searchDocuments, getDocumentURL, contactUs', async () => {
      const customers = await t.call('GET', '/module2/getApprovedCustomers');
      ok(customers, 'getApprovedCustomers');
      expect(JSON.stringify(customers.body)).toContain(customerName);
      ok(await t.call('GET', '/module2/getApprovedCustomersData'), 'getApprovedCustomersData');
      const logos = await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`);
      ok(logos, 'getParentLogosForCustomer');
      expect(logos.body).toMatchObject({ products: [expect.objectContaining({ parentChangeId, productFamilyName: 'Spec Pump' })], customerLogoUrl: expect.any(String) });
      const single = await t.call('GET', `/module2/singleCustomerLogoURL/${encodeURIComponent(customerName)}/${parentChangeId}`);
      ok(single, 'singleCustomerLogoURL');
      expect(single.body).toMatchObject({ logoUrl: expect.any(String), productNotification: expect.anything() });
      const visitor = `${unique('visitor.')}@example.com`;
      const sent = await t.call('POST', '/module2/sendSearchURLLink', { body: { customerName, userEmail: visitor, parentChangeId } });
      ok(sent, 'sendSearchURLLink');
      expect(sent.body.message).toEqual(expect.any(String));
      await t.api.context.work.settled();
      const mail = t.mails().filter((m) => m.to.includes(visitor)).at(-1)!;
      const link = new URL(mail.text.match(/https:\/\/portal\.example\/customerDocSearch\?\S+/)![0]);
      const encryptedEmail = link.searchParams.get('encryptedEmail')!;
      const results = await t.call('POST', '/module2/searchDocuments/', {
        body: { language: 'de', country: 'DE', keyword: 'spec', documentNumber: '', productName: 'Spec Pump', encryptedCustomerId: '', encryptedEmail, customerName, parentChangeId },
      });
      ok(results, 'module2/searchDocuments');
      const hit = (results.body.list as Array<{ childDocumentId: string }>).find((d) => d.childDocumentId === childDocumentId);
      expect(hit).toBeDefined();
      const url = await t.call('POST', '/module2/getDocumentURL', { body: { docId: childDocumentId, encryptedUserEmail: encryptedEmail } });
      ok(url, 'getDocumentURL');
      expect((await fetch(url.body.docURL)).status).toBe(200);
      const contact = await t.call('POST', '/module2/contactUs', { body: { email: visitor, name: 'Vera Visitor', phoneNumber: '4930901820', subject: 'Question', textField: 'Where is the German IFU?' } });
      ok(contact, 'contactUs');
    });

    it('7.3 Online/Offline: POST /document/update/IsInternal with { parentDocumentChangeId, isInternal } takes effect at once', async () => {
      const offline = await t.call('POST', '/document/update/IsInternal', { token: admin, body: { parentDocumentChangeId: parentChangeId, isInternal: true } });
      ok(offline, 'update/IsInternal');
      expect(offline.body).toMatchObject({ message: DOCUMENT_MESSAGES.updated, document: { isInternal: true } });
      const back = await t.call('POST', '/document/update/IsInternal', { token: admin, body: { parentDocumentChangeId: parentChangeId, isInternal: false } });
      expect(back.body).toMatchObject({ message: DOCUMENT_MESSAGES.updated, document: { isInternal: false } });
    });

    it('7.1 the rest: POST /user/notify/admin, GET /user/create/report, DELETE /user/deleteNotification, DELETE /user/delete (the spec’s id with the signature every deactivation needs)', async () => {
      const notified = await t.call('POST', '/user/notify/admin', { body: { email: `${unique('asking.')}@example.com` } });
      ok(notified, 'notify/admin');
      const day = formatAuditDate(t.clock.now());
      const report = await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(report.status).toBe(200);
      expect(report.headers.get('content-type')).toContain('text/csv');
      await report.text();
      const removed = await t.call('DELETE', '/user/deleteNotification', { token: admin, body: { id: notificationId } });
      ok(removed, 'deleteNotification');
      expect(removed.body.message).toBe(NOTIFICATION_MESSAGES.deleted);
      // The Manage User list the admin opens before the Deactivate dialog.
      ok(await t.call('GET', '/user/list/user', { token: admin }), 'list/user');
      const deleted = await spec
        .when(() => t.call('DELETE', '/user/delete', { token: admin, body: { id: userId, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } }))
        .then({ status: 200, body: { message: USER_MESSAGES.deleted } });
      expect(deleted.events.find((e) => e.type === 'UserDeactivated')!.data).toMatchObject({ signature: { meaning: 'deactivation', subject: { boundBy: 'recorded-view' } } });
    });

    it('7.3 the author deactivates another change order, as opened: DELETE /document/deleteParentChange', async () => {
      const draft = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'true' }, [['parentLogo', logo(), 'logo.png']]);
      const child = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'false' }, [['childMainDocument', await pdf('IFU draft'), 'IFU draft.pdf']]);
      const created = await t.call('POST', '/document/addDocumentListData', {
        token: author.token,
        body: {
          list: [
            {
              changeDescription: 'Draft',
              changeJustification: 'Draft',
              languageList: 'en',
              countryList: 'DE',
              keywords: 'draft',
              associatedReferenceNumber: 'DRAFT-1',
              billMaterialInformation: 'BOM-DRAFT',
              productSubFamilyNameOne: 'PN-DRAFT',
              productSubFamilyNameTwo: 'BOM-DRAFT',
              uploadDocumentFileId: child.body.uploadChildDocumentFileId,
            },
          ],
          approverId: approver.id,
          customerId,
          username: author.email,
          password: author.password,
          comments: 'Draft',
          changeDescription: 'A draft to withdraw',
          changeJustification: 'Draft',
          effectiveDate: '01-Dec-2026',
          isInternal: false,
          changeType: 'Record',
          uploadParentDocumentFileId: draft.body.uploadParentDocumentFileId,
          productFamilyName: 'Draft Pump',
          productFamilyDescription: 'Draft',
        },
      });
      ok(created, 'addDocumentListData');
      const draftId = created.body.parentChangeId as string;
      ok(await t.call('GET', `/document/get/${draftId}`, { token: author.token }), 'document/get');
      const { events } = await spec
        .when(() => t.call('DELETE', '/document/deleteParentChange', { token: author.token, body: { documentParentChangeId: draftId, username: author.email, password: author.password } }))
        .then({ status: 200, body: { message: DOCUMENT_MESSAGES.updated }, events: [{ stream: `document-${draftId}`, type: 'ChangeOrderDeactivated' }] });
      expect(events[0]!.data).toMatchObject({ signature: { meaning: 'deactivation', subject: { boundBy: 'recorded-view' } } });
    });
  });

  describe('a decision without If-Match is bound to the version its signer last opened', () => {
    /** A customer registered for `who` to approve, not yet opened by them. */
    const registered = async (who: Staff) => {
      const added = await form(
        'POST',
        '/customer/add',
        admin,
        { contactEmail: 'bound@clinic.example', contactInformation: '4930901820', countryExclusionList: 'DE', customerName: unique('Bound Clinic '), customerWebsiteLink: 'https://clinic.example', approverId: who.id },
        [['customerLogo', logo(), 'logo.png']],
      );
      ok(added, 'customer/add');
      return added.body.customer.id as string;
    };
    const approve = (id: string, who: Staff) =>
      t.call('POST', '/customer/approve/add', {
        token: who.token,
        body: { customerApproval: true, customerApproverId: who.id, customerId: id, changeDescription: 'Customer Approval Request', changeJustification: '', username: who.email, password: who.password },
      });

    it('never opened: refused with 409 saying to open it first, before the password is checked; nothing stored', async () => {
      const id = await registered(approver);
      await spec.when(() => approve(id, approver)).thenNothingStored(409, VERSION_REQUIRED);
      const wrongPassword = await t.call('POST', '/customer/approve/add', {
        token: approver.token,
        body: { customerApproval: true, customerApproverId: approver.id, customerId: id, changeDescription: '', changeJustification: '', username: approver.email, password: 'not the password 1' },
      });
      expect(wrongPassword).toMatchObject({ status: 409, body: { code: 'reviewed-version-required' } });
    });

    it('changed after it was opened: refused with 409 naming what changed, who and when, after the view; opened again, it is decided', async () => {
      const id = await registered(approver);
      const opened = await t.call('GET', `/customer/get/${id}`, { token: approver.token });
      ok(opened, 'customer/get');
      const openedVersion = Number(opened.headers.get('etag')!.replace(/"/g, ''));
      const edited = await form('PUT', '/customer/update', admin, {
        contactEmail: 'changed@clinic.example',
        contactInformation: '4930901820',
        countryExclusionList: 'DE',
        customerName: opened.body.customerName,
        customerWebsiteLink: 'https://clinic.example',
        approverId: approver.id,
        id,
      });
      ok(edited, 'customer/update');
      const refused = await spec.when(() => approve(id, approver)).thenNothingStored(409, expect.any(String) as unknown as string);
      expect(refused.body.code).toBe('changed-since-review');
      expect(refused.body.message).toMatch(
        new RegExp(
          `^This record changed after you opened it: you opened version ${openedVersion} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d UTC; it is now version ${openedVersion + 1}\\. Since then: Updated customer: [^|]*Email \\(System Administrator, \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d UTC\\)\\. Review it again, then sign\\.$`,
        ),
      );
      ok(await t.call('GET', `/customer/get/${id}`, { token: approver.token }), 'customer/get');
      const { events } = await spec.when(() => approve(id, approver)).then({ status: 200, body: { customer: { status: 'APPROVED' } } });
      expect(events.find((e) => e.type === 'CustomerApproved')!.data).toMatchObject({ signature: { subject: { version: openedVersion + 1, boundBy: 'recorded-view' } } });
    });

    it('a view recorded for someone else, or a view row written outside the product (no valid seal), binds nothing', async () => {
      const id = await registered(approver);
      ok(await t.call('GET', `/customer/get/${id}`, { token: admin }), 'customer/get by another ADMIN');
      await spec.when(() => approve(id, approver)).thenNothingStored(409, VERSION_REQUIRED);
      await t.database.db.query(
        `INSERT INTO signer_record_views (user_id, stream_id, version, viewed_at, seal) VALUES ($1, $2, 1, now(), 'forged')`,
        [approver.id, `customer-${id}`],
      );
      await spec.when(() => approve(id, approver)).thenNothingStored(409, VERSION_REQUIRED);
    });

    it('with If-Match the version named is the one bound, as before, whatever was opened', async () => {
      const id = await registered(approver);
      const opened = await t.call('GET', `/customer/get/${id}`, { token: approver.token });
      const refused = await t.call('POST', '/customer/approve/add', {
        token: approver.token,
        headers: { 'if-match': `"${Number(opened.headers.get('etag')!.replace(/"/g, '')) + 5}"` },
        body: { customerApproval: true, customerApproverId: approver.id, customerId: id, changeDescription: '', changeJustification: '', username: approver.email, password: approver.password },
      });
      expect(refused).toMatchObject({ status: 409, body: { code: 'changed-since-review' } });
      expect(refused.body.message).toMatch(/^This record changed after you reviewed it/);
    });
  });

  describe('Online/Offline takes effect at once (spec §4)', () => {
    /** An approved change order of an open-access customer, with one child: its id, number and child's permalink. */
    const approvedOrder = async () => {
      const customer = await form(
        'POST',
        '/customer/add',
        admin,
        { contactEmail: 'open@clinic.example', contactInformation: '4930901820', countryExclusionList: 'DE', customerName: unique('Open Clinic '), customerWebsiteLink: 'https://clinic.example', approverId: approver.id },
        [['customerLogo', logo(), 'logo.png']],
      );
      const id = customer.body.customer.id as string;
      ok(await t.call('GET', `/customer/get/${id}`, { token: approver.token }), 'customer/get');
      ok(
        await t.call('POST', '/customer/approve/add', {
          token: approver.token,
          body: { customerApproval: true, customerApproverId: approver.id, customerId: id, changeDescription: '', changeJustification: '', username: approver.email, password: approver.password },
        }),
        'approve/add',
      );
      const open = await t.call('PUT', '/customer/openAccess', { token: admin, body: { id, openAccess: true } });
      ok(open, 'openAccess');
      const parent = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'true' }, [['parentLogo', logo(), 'logo.png']]);
      const child = await form('POST', '/document/addDocumentFiles', author.token, { isParent: 'false' }, [['childMainDocument', await pdf('IFU recall'), 'IFU recall.pdf']]);
      const created = await t.call('POST', '/document/addDocumentListData', {
        token: author.token,
        body: {
          list: [
            {
              changeDescription: 'First',
              changeJustification: 'First',
              languageList: 'en',
              countryList: 'DE',
              keywords: 'recall',
              associatedReferenceNumber: unique('REC-'),
              billMaterialInformation: 'BOM-REC',
              productSubFamilyNameOne: 'PN-REC',
              uploadDocumentFileId: child.body.uploadChildDocumentFileId,
            },
          ],
          approverId: approver.id,
          customerId: id,
          username: author.email,
          password: author.password,
          comments: 'First',
          changeDescription: 'A pump to recall',
          changeJustification: 'Launch',
          effectiveDate: '01-Jan-2026',
          isInternal: false,
          changeType: 'General Document',
          uploadParentDocumentFileId: parent.body.uploadParentDocumentFileId,
          productFamilyName: unique('Recall Pump '),
        },
      });
      ok(created, 'addDocumentListData');
      const parentChangeId = created.body.parentChangeId as string;
      const opened = await t.call('GET', `/document/get/${parentChangeId}`, { token: approver.token });
      for (const { fileId } of opened.body.unopened as Array<{ fileId: string }>) {
        const file = await fetch((await t.call('GET', `/document/getDocumentDownload/${fileId}`, { token: approver.token })).body.documentPath);
        await file.arrayBuffer();
      }
      ok(
        await t.call('POST', '/document/approveDocuments', {
          token: approver.token,
          body: { approverId: approver.id, changeDescription: '', changeJustification: '', documentApproval: true, parentChangeId, username: approver.email, password: approver.password },
        }),
        'approveDocuments',
      );
      const view = (await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body;
      return { parentChangeId, documentId: view.documentId as string, documentNumber: view.children[0].documentNumber as string, productFamilyName: view.productFamilyName as string };
    };
    const permalink = (documentNumber: string) => fetch(`${t.url}/p/${documentNumber}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    const permalinkPdf = (documentNumber: string) => fetch(`${t.url}/p/${documentNumber}/v/1/pdf`, { redirect: 'manual' });
    const mailsTo = (email: string) => t.mails().filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

    it('an ADMIN switches an approved change order Offline: recorded with who and why, the public page and PDF gone in the same answer, its approver mailed; then back Online, public again', async () => {
      const order = await approvedOrder();
      expect((await permalink(order.documentNumber)).status).toBe(200);
      const switchTo = (isInternal: boolean, reason?: string) =>
        t.call('POST', '/document/update/IsInternal', { token: admin, body: { parentDocumentChangeId: order.parentChangeId, isInternal, ...(reason ? { reason } : {}) } });

      const { events } = await spec.when(() => switchTo(true, 'Field safety corrective action')).then({
        status: 200,
        body: { message: DOCUMENT_MESSAGES.updated, document: { isInternal: true, status: 'APPROVED', pendingAccessibility: null } },
        events: [
          {
            stream: `document-${order.parentChangeId}`,
            type: 'ChangeOrderAccessibilityChanged',
            data: { documentId: order.documentId, isInternal: true, previous: false, reason: 'Field safety corrective action' },
          },
        ],
      });
      expect(events[0]!.metadata).toMatchObject({ actor: { type: 'user', email: ADMIN_EMAIL }, occurredAt: expect.any(String) });
      // Gone from the public site by the time the answer came: no waiting, no signature.
      expect((await permalink(order.documentNumber)).status).toBe(404);
      expect((await permalinkPdf(order.documentNumber)).status).toBe(404);
      await t.api.context.work.settled();
      const [offlineMail, ...moreOffline] = mailsTo(approver.email).filter((m) => m.subject === accessibilityMailSubject(order.documentId, true));
      expect(moreOffline).toEqual([]);
      expect(offlineMail!.text).toContain(`switched change order ${order.documentId} (${order.productFamilyName}), which you are the approver of, Offline`);
      expect(offlineMail!.text).toContain('It was Online.');
      expect(offlineMail!.text).toContain('Reason: Field safety corrective action.');

      // Back Online at once, without a reason (the spec's payload): recorded as not given, and said so to the approver.
      await spec.when(() => switchTo(false)).then({ status: 200, body: { document: { isInternal: false } } });
      expect((await permalink(order.documentNumber)).status).toBe(200);
      expect((await permalinkPdf(order.documentNumber)).status).toBe(200);
      await t.api.context.work.settled();
      const onlineMail = mailsTo(approver.email).find((m) => m.subject === accessibilityMailSubject(order.documentId, false));
      expect(onlineMail!.text).toContain('Reason: not given.');
    }, 120_000);

    it('the change order’s approver, an ADMIN, switches it Offline themselves: at once, and no mail to themselves', async () => {
      const order = await approvedOrder();
      const before = mailsTo(approver.email).length;
      const switched = await t.call('POST', '/document/update/IsInternal', { token: approver.token, body: { parentDocumentChangeId: order.parentChangeId, isInternal: true } });
      expect(switched.body).toMatchObject({ message: DOCUMENT_MESSAGES.updated, document: { isInternal: true } });
      expect((await permalink(order.documentNumber)).status).toBe(404);
      await t.api.context.work.settled();
      expect(mailsTo(approver.email)).toHaveLength(before);
    }, 120_000);
  });
});
