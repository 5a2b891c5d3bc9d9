import { expect } from 'vitest';
import { childFields, logoPart, makePdf, multipart, parentFields, pdfPart, sendForm, type FilePart } from '../../../../test-support/documents';
import { PNG_1X1 } from '../../../../test-support/images';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { arrangeDecision } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder, reviewedCustomer } from '../../../../test-support/reviewed-versions';

/**
 * The authoring tests' API: authors submit change orders for one approver and one approved customer, through the
 * calls the add wizard and the edit screens make. Each test file starts its own (`startAuthoringApi` in `beforeAll`)
 * and takes its steps from `authoringSteps`, which reads the file's API when a test runs.
 */

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface AuthoringApi {
  t: TestApi;
  spec: ReturnType<typeof apiSpec>;
  /** The first ADMIN's session token. */
  admin: string;
  approver: Person;
  customerId: string;
  pdfA: Buffer;
  pdfB: Buffer;
}

const createPerson = async (t: TestApi, role: 'USER' | 'ADMIN', name = 'Ada Author'): Promise<Person> => {
  const email = `${unique(role === 'ADMIN' ? 'approver-' : 'author-')}@example.com`;
  const password = 'a long password 1';
  const [firstName, lastName] = name.split(' ') as [string, string];
  const id = await t.createUser({ email, role, password, firstName, lastName });
  return { id, email, password, token: await t.login(email, password) };
};

export async function startAuthoringApi(): Promise<AuthoringApi> {
  // A small document limit, so that an oversized file is cheap to make.
  const t = await startTestApi({ DOCUMENT_MAX_BYTES: String(64 * 1024) });
  const spec = apiSpec(t);
  const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const approver = await createPerson(t, 'ADMIN', 'Alma Approver');
  const added = await sendForm(
    t.url,
    'POST',
    '/customer/add',
    multipart(
      { customerName: unique('Clinic '), contactInformation: '5550102030', contactEmail: 'c@clinic.example', countryExclusionList: 'DE', customerWebsiteLink: 'https://clinic.example', approverId: approver.id },
      [{ field: 'customerLogo', bytes: PNG_1X1, name: 'c.png', type: 'image/png' }],
    ),
    admin,
  );
  const customerId = added.body.customer.id;
  const approved = await t.call('POST', '/customer/approve/add', {
    token: approver.token,
    headers: await reviewedCustomer(t, approver.token, customerId),
    body: { customerId, customerApproverId: approver.id, customerApproval: true, changeDescription: 'ok', username: approver.email, password: approver.password },
  });
  expect(approved.status).toBe(200);
  const pdfA = await makePdf('Instructions for use', 'Sterile cardiac catheter');
  const pdfB = await makePdf('Risk analysis summary');
  return { t, spec, admin, approver, customerId, pdfA, pdfB };
}

/** The steps of the authoring tests, on the API `api()` answers when the step runs (the file's, once started). */
export function authoringSteps(api: () => AuthoringApi) {
  const person = (role: 'USER' | 'ADMIN', name = 'Ada Author') => createPerson(api().t, role, name);
  const uploadParent = async (author: Person, files: FilePart[] = [pdfPart('parentDocuments', api().pdfA, 'risk.pdf'), logoPart()]) => {
    const res = await sendForm(api().t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, files), author.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.uploadParentDocumentFileId as string;
  };
  const uploadChild = async (author: Person, pdf = api().pdfB) => {
    const res = await sendForm(api().t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdf, 'ifu.pdf')]), author.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.uploadChildDocumentFileId as string;
  };
  const submission = async (author: Person, overrides: Record<string, unknown> = {}, children = 1) => ({
    ...parentFields(api().customerId, api().approver.id),
    uploadParentDocumentFileId: await uploadParent(author),
    list: await Promise.all(
      Array.from({ length: children }, async (_, i) => ({ ...childFields({ associatedReferenceNumber: unique(`LOT-${i}-`) }), uploadDocumentFileId: await uploadChild(author) })),
    ),
    username: author.email,
    password: author.password,
    comments: 'Ready for review',
    ...overrides,
  });
  const submit = (author: Person, body: unknown) => api().t.call('POST', '/document/addDocumentListData', { token: author.token, body });
  /** A change order by `author`, awaiting `approver`'s decision. */
  const givenChangeOrder = async (author: Person, children = 2) => {
    const res = await submit(author, await submission(author, {}, children));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.document as {
      parentChangeId: string;
      documentId: string;
      version: number;
      children: Array<{ childDocumentId: string; documentNumber: string; associatedReferenceNumber: string; productSubFamilyNameOne: string; docName: string }>;
      parentDocumentList: { fileId: string }[];
    };
  };
  /** The version the signer's screen shows (If-Match): a signed deactivation or file deletion names it. */
  const seen = (who: Person, parentChangeId: string) => reviewedChangeOrder(api().t, who.token, parentChangeId);
  /** The approver opens every file, then approves over HTTP. */
  const approveDirectly = async (parentChangeId: string) => {
    await arrangeDecision(api().t, { parentChangeId, approver: api().approver, approve: true });
  };
  const editParent = (author: Person, parentChangeId: string, overrides: Record<string, string> = {}, files: FilePart[] = [], headers: Record<string, string> = {}) =>
    sendForm(
      api().t.url,
      'PUT',
      '/document/updateParent',
      multipart(
        {
          ...(parentFields(api().customerId, api().approver.id, { isInternal: 'true', productFamilyName: 'Cardio Catheter XL' }) as unknown as Record<string, string>),
          parantChangeId: parentChangeId,
          username: author.email,
          password: author.password,
          comments: 'Renamed',
          ...overrides,
        },
        files,
      ),
      author.token,
      headers,
    );
  const editChild = (author: Person, fields: Record<string, string>, files: FilePart[] = []) =>
    sendForm(api().t.url, 'PUT', '/document/updateSingleChildDocument', multipart({ ...childFields(), username: author.email, password: author.password, comments: 'Fix', ...fields }, files), author.token);
  return { person, uploadParent, uploadChild, submission, submit, givenChangeOrder, seen, approveDirectly, editParent, editChild };
}
