import { expect } from 'vitest';
import { PNG_1X1 } from '../../../test-support/images';
import { reviewedCustomer } from '../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import type { FileStore } from '../platform/file-store';

/**
 * The API of the customer tests: the bootstrap ADMIN who registers customers (never their approver), a USER, and an
 * approver for the tests that do not sign. Each test file starts its own (`startCustomerApi` in `beforeAll`) and takes
 * its steps from `customerSteps`, which reads the file's sessions when a step runs (a test that waits out the idle
 * timeout logs in again).
 */

export interface Upload {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** An ADMIN who approves customers, with a session: each test that signs gets its own, so lockout counts stay its own. */
export interface Approver {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface CustomerApi {
  t: TestApi;
  spec: ReturnType<typeof apiSpec>;
  /** The bootstrap ADMIN's session: registers customers; never the approver. */
  admin: string;
  /** A USER's session (author@example.com). */
  user: string;
  files: FileStore;
  /** For the tests that do not sign. */
  sharedApprover: Approver;
}

const createApprover = async (t: TestApi, name = 'Alma Approver'): Promise<Approver> => {
  const email = `${unique('approver-')}@example.com`;
  const password = 'approver password 1';
  const [firstName, lastName] = name.split(' ') as [string, string];
  const id = await t.createUser({ email, role: 'ADMIN', password, firstName, lastName });
  return { id, email, password, token: await t.login(email, password) };
};

export async function startCustomerApi(): Promise<CustomerApi> {
  const t = await startTestApi();
  const spec = apiSpec(t);
  const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const sharedApprover = await createApprover(t);
  await t.createUser({ email: 'author@example.com', role: 'USER', password: 'author password 1' });
  const user = await t.login('author@example.com', 'author password 1');
  return { t, spec, admin, user, files: t.api.context.files, sharedApprover };
}

export const logo: Upload = { bytes: PNG_1X1, name: 'acme.png' };

/** The steps of the customer tests, on the sessions `api()` answers when the step runs. */
export function customerSteps(api: () => Pick<CustomerApi, 't' | 'admin' | 'sharedApprover'>) {
  const newApprover = (name?: string) => createApprover(api().t, name);
  const form = (fields: Record<string, string | undefined>, logo?: Upload) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
    if (logo) body.set('customerLogo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type ?? 'image/png' }), logo.name);
    return body;
  };
  const send = async (method: 'POST' | 'PUT', path: string, body: FormData, token = api().admin, headers: Record<string, string> = {}) => {
    const response = await fetch(`${api().t.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}`, ...headers } });
    return { status: response.status, body: (await response.json()) as any, headers: response.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const fields = (overrides: Record<string, string | undefined> = {}, approver = api().sharedApprover) => ({
    customerName: unique('Clinic '),
    contactInformation: '+1 (555) 010-2030',
    contactEmail: 'Contact@Acme.example',
    countryExclusionList: 'us, DE,us',
    customerWebsiteLink: 'https://acme.example',
    approverId: approver.id,
    ...overrides,
  });
  const addCustomer = (overrides: Record<string, string | undefined> = {}, upload: Upload | null = logo, approver = api().sharedApprover) =>
    send('POST', '/customer/add', form(fields(overrides, approver), upload ?? undefined));
  /** A new customer awaiting `approver`'s decision; its id. */
  const givenCustomer = async (approver = api().sharedApprover, name = unique('Clinic ')) => {
    const res = await addCustomer({ customerName: name }, logo, approver);
    expect(res.status).toBe(200);
    return res.body.customer.id as string;
  };
  /** A decision as the screen sends it: with the version the approver reviewed (`headers` replaces it). */
  const approve = async (customerId: string, approver: Approver, overrides: Record<string, unknown> = {}, token = approver.token, headers?: Record<string, string>) =>
    api().t.call('POST', '/customer/approve/add', {
      token,
      headers: headers ?? (await reviewedCustomer(api().t, token, customerId)),
      body: { customerId, customerApproverId: approver.id, customerApproval: true, changeDescription: 'Customer approval', username: approver.email, password: approver.password, ...overrides },
    });
  return { newApprover, form, send, fields, addCustomer, givenCustomer, approve };
}
