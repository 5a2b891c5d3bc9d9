import { CHANGE_ORDER_NUMBERS_STREAM, NOTIFICATION_NUMBERS_STREAM, toDayMonthYear } from '@ifu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApproverAndCustomer, type Credentials } from '../../../test-support/document-arrangements';
import { logoPart, makePdf, multipart, pdfPart, sendForm } from '../../../test-support/documents';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { skipWithoutServer } from '../../../test-support/test-database';
import { startApi } from '../api-server';
import { changeOrderNumbersDecider } from '../documents';
import { notificationNumbersDecider } from '../notifications';
import { createLogger } from './logger';

/**
 * Creates that share a numbering stream (notice numbers, change order numbers) conflict with each other on it, but
 * never in a way the caller could resolve: each must get the next free number, however many arrive at once. On the
 * PostgreSQL server the requests really run at once, there also through a second API instance over the same database.
 */
describe('parallel creates on a shared numbering stream', () => {
  let t: TestApi;
  let admin: string;
  let approverId: string;
  let customerId: string;
  const authors: Credentials[] = [];

  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const arranged = await arrangeApproverAndCustomer(
      t,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { email: 'numbers.approver@example.com', password: 'numbers approver pw', firstName: 'Nadia', lastName: 'Numbers' },
      unique('Numbers Clinic '),
    );
    approverId = arranged.approver.id;
    customerId = arranged.customerId;
    for (let i = 0; i < 3; i++) {
      const author = { email: `numbers.author.${i}@example.com`, password: `numbers author password ${i}` };
      await t.createUser({ ...author, role: 'USER', firstName: `Author${i}`, lastName: 'Numbers' });
      authors.push(author);
    }
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const addNotice = (url: string, text: string) =>
    fetch(`${url}/user/addNotification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customerID: null, productID: null, notificationText: text }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { notification?: { id: number }; code?: string } }));

  /** A change order's files uploaded as the Add wizard does, and the signed submission that creates it, not yet sent. */
  const preparedSubmission = async (author: Credentials) => {
    const token = await t.login(author.email, author.password);
    const parent = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, [pdfPart('parentDocuments', await makePdf('Risk assessment')), logoPart()]), token);
    expect(parent.status).toBe(200);
    const lot = unique('LOT-');
    const child = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', await makePdf(`IFU ${lot}`))]), token);
    expect(child.status).toBe(200);
    const body = {
      changeType: 'General Document',
      productFamilyName: unique('Numbered Product '),
      approverId,
      isInternal: false,
      customerId,
      effectiveDate: toDayMonthYear(new Date().toISOString().slice(0, 10)),
      changeDescription: 'First release',
      changeJustification: 'New product line',
      username: author.email,
      password: author.password,
      comments: 'Reviewed by QA',
      uploadParentDocumentFileId: parent.body.uploadParentDocumentFileId,
      list: [
        {
          associatedReferenceNumber: lot,
          productSubFamilyNameOne: 'PN-1',
          billMaterialInformation: 'BOM-PN-1',
          changeDescription: `First release of ${lot}`,
          changeJustification: 'New product line',
          countryList: 'DE,US',
          languageList: 'de,en',
          keywords: 'instructions',
          uploadDocumentFileId: child.body.uploadChildDocumentFileId,
        },
      ],
    };
    return (url: string) =>
      fetch(`${url}/document/addDocumentListData`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (response) => ({ status: response.status, body: (await response.json()) as { documentId?: string; code?: string } }),
      );
  };

  it('when 12 commands each take a notice number and a change order number at once, then each gets one of its own, none refused', async () => {
    // Each command its own run, as each request is: their reads and appends interleave even on the embedded database.
    const numbers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const run = t.arrange();
        const notice = await run.execute({ stream: NOTIFICATION_NUMBERS_STREAM, decider: notificationNumbersDecider, command: { type: 'AssignNotificationNumber' } });
        const order = await run.execute({
          stream: CHANGE_ORDER_NUMBERS_STREAM,
          decider: changeOrderNumbersDecider,
          command: { type: 'AssignNumber', year: 2031, parentChangeId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
        });
        return [notice.events[0]!.data.notificationId, order.events[0]!.data.documentId] as const;
      }),
    );
    expect(new Set(numbers.map(([notice]) => notice)).size).toBe(12);
    expect(numbers.map(([, documentId]) => documentId).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `CO-2031-${String(i + 1).padStart(5, '0')}`));
  });

  it('when 8 notices are added at once, then each is added with a number of its own', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => addNotice(t.url, `Parallel notice ${i}`)));
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(Array(8).fill([200, undefined]));
    expect(new Set(answers.map((answer) => answer.body.notification!.id)).size).toBe(8);
  });

  it('when 6 signed submissions are sent at once (two by each author), then each creates its change order with a number of its own', async () => {
    const submissions = [];
    for (let i = 0; i < 6; i++) submissions.push(await preparedSubmission(authors[i % authors.length]!));
    const answers = await Promise.all(submissions.map((submit) => submit(t.url)));
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(Array(6).fill([200, undefined]));
    expect(new Set(answers.map((answer) => answer.body.documentId)).size).toBe(6);
  });

  it.skipIf(skipWithoutServer('two API instances over one database'))('given two API instances over one PostgreSQL database, when 8 notices and 6 signed submissions are sent at once through both, then each gets a number of its own', async () => {
    const submissions = [];
    for (let i = 0; i < 6; i++) submissions.push(await preparedSubmission(authors[i % authors.length]!));
    const second = await startApi(
      { ...t.api.context.config, API_PORT: 0 },
      {
        storage: { db: t.database.db, store: t.store, close: async () => {} },
        databaseUrl: t.database.connectionString,
        logger: createLogger({ level: 'silent', format: 'json' }),
        host: '127.0.0.1',
      },
    );
    try {
      const urls = [t.url, `http://127.0.0.1:${second.port}`];
      const [notices, created] = await Promise.all([
        Promise.all(Array.from({ length: 8 }, (_, i) => addNotice(urls[i % 2]!, `Notice through instance ${i % 2}, ${i}`))),
        Promise.all(submissions.map((submit, i) => submit(urls[i % 2]!))),
      ]);
      expect(notices.map((answer) => [answer.status, answer.body.code])).toEqual(Array(8).fill([200, undefined]));
      expect(new Set(notices.map((answer) => answer.body.notification!.id)).size).toBe(8);
      expect(created.map((answer) => [answer.status, answer.body.code])).toEqual(Array(6).fill([200, undefined]));
      expect(new Set(created.map((answer) => answer.body.documentId)).size).toBe(6);
    } finally {
      await second.stop();
    }
  });
});
