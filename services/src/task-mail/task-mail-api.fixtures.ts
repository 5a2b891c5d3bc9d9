import { expect } from 'vitest';
import { PNG_1X1 } from '../../../test-support/images';
import { arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, type Signer } from '../../../test-support/document-arrangements';
import { multipart, parentFields, sendForm } from '../../../test-support/documents';
import { reviewedCustomer } from '../../../test-support/reviewed-versions';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../../../test-support/smtp-inbox';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { toDayMonthYear } from '@ifu/contracts';

/**
 * The task-mail tests' API: its mail goes to a real SMTP server on loopback whose messages the tests read; an approver
 * (Alma), a second ADMIN (Otto), an author (Ada, a USER), and the first ADMIN, who registers customers. Each test file
 * starts its own (`startTaskMailApi` in `beforeAll`) and takes its steps from `taskMailSteps`.
 */

export const ADMIN_URL = 'https://admin.ifu.test';

export interface Person extends Signer {
  firstName: string;
  lastName: string;
}

export interface TaskMailApi {
  t: TestApi;
  inbox: SmtpInbox;
  alma: Person;
  otto: Person;
  ada: Person;
  registrar: Person;
  /** An approved customer (Alma its approver) for the change orders. */
  customerId: string;
  dispose(): Promise<void>;
}

const person = async (t: TestApi, role: 'USER' | 'ADMIN', firstName: string, lastName: string): Promise<Person> => {
  const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
  const password = 'a long password 1';
  return { id: await t.createUser({ email, role, password, firstName, lastName }), email, password, firstName, lastName };
};

export async function startTaskMailApi(env: Record<string, string> = {}): Promise<TaskMailApi> {
  const inbox = await startSmtpInbox();
  const t = await startTestApi({ SMTP_URL: inbox.url, PUBLIC_ADMIN_URL: ADMIN_URL, ...env });
  const alma = await person(t, 'ADMIN', 'Alma', 'Approver');
  const otto = await person(t, 'ADMIN', 'Otto', 'Other');
  const ada = await person(t, 'USER', 'Ada', 'Author');
  const firstAdmin = (await t.call('GET', '/user/me', { token: await t.login(ADMIN_EMAIL, ADMIN_PASSWORD) })).body;
  const registrar: Person = { id: firstAdmin.id, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, firstName: firstAdmin.firstName, lastName: firstAdmin.lastName };
  const customerId = await arrangeRegisteredCustomer(t, registrar, alma.id, unique('Clinic '));
  await decideCustomer(t, customerId, alma, true);
  const dispose = async () => {
    await t.dispose();
    await inbox.close();
  };
  return { t, inbox, alma, otto, ada, registrar, customerId, dispose };
}

/** The approver's signed decision on a customer (or on its pending change), naming the version reviewed. */
async function decideCustomer(t: TestApi, customerId: string, approver: Person, approve: boolean, reason = '') {
  const token = await t.login(approver.email, approver.password);
  const answer = await t.call('POST', '/customer/approve/add', {
    token,
    headers: await reviewedCustomer(t, token, customerId),
    body: {
      customerId,
      customerApproverId: approver.id,
      customerApproval: approve,
      changeDescription: 'Customer approval',
      changeJustification: reason,
      username: approver.email,
      password: approver.password,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The steps of the task-mail tests, on the API `api()` answers when the step runs (the file's, once started). */
export function taskMailSteps(api: () => TaskMailApi) {
  /** The mails received about `name` (a change order's number, a customer's name), to `who` when given. */
  const mailsAbout = (name: string, who?: Person): ReceivedMail[] =>
    api().inbox.received.filter((mail) => mail.subject.includes(name) && (!who || mail.to.includes(who.email)));
  const received = (who: Person): ReceivedMail[] => api().inbox.received.filter((mail) => mail.to.includes(who.email));

  /** One pass of the file's API's reactor, which must lead. */
  const pass = async () => {
    const outcome = await api().t.api.taskMail.run();
    expect(outcome.led).toBe(true);
    return outcome;
  };

  /** A change order by `author` (Ada unless given) for `approver` (Alma unless given), waiting for its approval. */
  const givenChangeOrder = async (approver: Person = api().alma, author: Person = api().ada) => {
    const { t, customerId } = api();
    return arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('CardioFlow '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }], waitForText: false });
  };
  /** Another staff member of the file's API. */
  const givenPerson = (role: 'USER' | 'ADMIN', firstName: string, lastName: string) => person(api().t, role, firstName, lastName);

  /** Ada's signed edit of her change order that names another approver. */
  const reassignByEdit = async (parentChangeId: string, approver: Person, productFamilyName: string) => {
    const { t, ada, customerId } = api();
    const answer = await sendForm(
      t.url,
      'PUT',
      '/document/updateParent',
      multipart({
        ...(parentFields(customerId, approver.id, { productFamilyName, effectiveDate: toDayMonthYear(new Date().toISOString().slice(0, 10)) }) as unknown as Record<string, string>),
        parantChangeId: parentChangeId,
        username: ada.email,
        password: ada.password,
        comments: 'Another approver',
      }),
      await t.login(ada.email, ada.password),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  const decide = (parentChangeId: string, approve: boolean, reason?: string, approver: Person = api().alma) =>
    arrangeDecision(api().t, { parentChangeId, approver, approve, ...(reason ? { reason } : {}) });

  /** A customer the first ADMIN registers for `approver`: its id and name. */
  const givenCustomer = async (approver: Person = api().alma) => {
    const name = unique('Clinic ');
    return { id: await arrangeRegisteredCustomer(api().t, api().registrar, approver.id, name), name };
  };

  /** The first ADMIN's edit of a customer (the form's fields as registered, with `changes`). */
  const editCustomer = async (customer: { id: string; name: string }, approver: Person, changes: Record<string, string> = {}) => {
    const { t, registrar } = api();
    const form = new FormData();
    const fields: Record<string, string> = {
      id: customer.id,
      customerName: customer.name,
      contactInformation: '4930901820',
      contactEmail: `${customer.name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      countryExclusionList: 'DE,US',
      customerWebsiteLink: 'https://example.com',
      approverId: approver.id,
      ...changes,
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
    const answer = await sendForm(t.url, 'PUT', '/customer/update', form, await t.login(registrar.email, registrar.password));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  const decideOnCustomer = (customerId: string, approve: boolean, reason = '', approver: Person = api().alma) => decideCustomer(api().t, customerId, approver, approve, reason);

  /** The staff member's own choice of one mail each or a daily digest (PUT /user/me/mail-preference). */
  const choose = async (who: Person, taskMail: 'each' | 'daily-digest') => {
    const { t } = api();
    const answer = await t.call('PUT', '/user/me/mail-preference', { token: await t.login(who.email, who.password), body: { taskMail } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  /** The deliveries recorded for a recipient, oldest first (what the reactor decided, and what became of it). */
  const deliveries = async (who: Person) =>
    (
      await api().t.database.db.query<{ key: string; kind: string; status: string; note: string | null; attempts: number }>(
        'SELECT key, kind, status, note, attempts FROM task_mail_deliveries WHERE recipient_id = $1 ORDER BY created_at, key',
        [who.id],
      )
    ).rows;

  return { mailsAbout, received, pass, givenChangeOrder, givenPerson, reassignByEdit, decide, givenCustomer, editCustomer, decideOnCustomer, choose, deliveries };
}
