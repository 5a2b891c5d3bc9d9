import { arrangeApprovedCustomer, arrangeChangeOrder } from '../../../test-support/document-arrangements';
import { reviewedChangeOrder } from '../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/**
 * The API of the tests that act on a submitted change order (its decision, Online/Offline, downloads, versions,
 * search): an author's change orders for one approver and one approved customer, and another ADMIN who is not their
 * approver. Each test file starts its own (`startChangeOrderApi` in `beforeAll`) and takes its steps from
 * `changeOrderSteps`, which reads the file's API when a test runs.
 */

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
}

export interface ChangeOrderApi {
  t: TestApi;
  spec: ReturnType<typeof apiSpec>;
  approver: Person;
  otherAdmin: Person;
  author: Person;
  customerId: string;
  customerName: string;
}

const createPerson = async (t: TestApi, role: 'USER' | 'ADMIN', firstName: string, lastName: string): Promise<Person> => {
  const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
  const password = 'a long password 1';
  const id = await t.createUser({ email, role, password, firstName, lastName });
  return { id, email, password, firstName, lastName, token: await t.login(email, password) };
};

export async function startChangeOrderApi(): Promise<ChangeOrderApi> {
  const t = await startTestApi();
  const spec = apiSpec(t);
  const approver = await createPerson(t, 'ADMIN', 'Alma', 'Approver');
  const otherAdmin = await createPerson(t, 'ADMIN', 'Otto', 'Admin');
  const author = await createPerson(t, 'USER', 'Ada', 'Author');
  const customerName = unique('Clinic ');
  const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
  return { t, spec, approver, otherAdmin, author, customerId, customerName };
}

/** The steps of the change order tests, on the API `api()` answers when the step runs (the file's, once started). */
export function changeOrderSteps(api: () => ChangeOrderApi) {
  const person = (role: 'USER' | 'ADMIN', firstName: string, lastName: string) => createPerson(api().t, role, firstName, lastName);
  /** A change order by the author for the approver, with two children and one supporting file. */
  const givenChangeOrder = async (options: { lots?: [string, string]; effectiveDate?: string; family?: string; pdfLines?: string[] } = {}) => {
    const [lotA, lotB] = options.lots ?? [unique('LOT-A'), unique('LOT-B')];
    return arrangeChangeOrder(api().t, {
      author: api().author,
      approverId: api().approver.id,
      customerId: api().customerId,
      productName: options.family ?? 'Cardio Catheter',
      children: [
        { lotNumber: lotA, partNumber: 'PN-100', pdfLines: options.pdfLines },
        { lotNumber: lotB, partNumber: 'PN-200' },
      ],
      supportingFiles: ['Risk assessment.pdf'],
      effectiveDate: options.effectiveDate,
    });
  };
  const view = async (parentChangeId: string, who: Person = api().approver) => (await api().t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;
  /** A decision as the screens send it: with the version the signer reviewed (`headers` replaces it). */
  const decide = async (who: Person, parentChangeId: string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    api().t.call('POST', '/document/approveDocuments', {
      token: who.token,
      headers: headers ?? (await reviewedChangeOrder(api().t, who.token, parentChangeId)),
      body: { parentChangeId, approverId: who.id, documentApproval: true, username: who.email, password: who.password, confirmPassword: who.password, ...overrides },
    });
  const download = (who: Person, id: string, purpose?: string) =>
    api().t.call('GET', `/document/getDocumentDownload/${id}${purpose ? `?purpose=${purpose}` : ''}`, { token: who.token });
  /** Fetches a signed file link whole (its bytes: what counts as opening the file). */
  const fetched = async (link: string) => {
    const res = await fetch(link);
    await res.arrayBuffer();
    return { status: res.status, body: undefined };
  };
  const search = (body: Record<string, unknown>, who: Person = api().author) => api().t.call('POST', '/document/searchDocuments/', { token: who.token, body });
  return { person, givenChangeOrder, view, decide, download, fetched, search };
}
