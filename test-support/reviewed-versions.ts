import type { TestApi } from './test-api';

/**
 * The version of a record as a screen shows it now, as the `If-Match` header a signed decision sends back with it
 * (a signature is bound to the record as reviewed). Each reads the record the way its screen does.
 */
export type IfMatch = { 'if-match': string };

const ifMatch = (version: unknown): IfMatch => {
  if (typeof version !== 'number') throw new Error(`no version to review: ${JSON.stringify(version)}`);
  return { 'if-match': `"${version}"` };
};

/** A change order as its view shows it (GET /document/get/:id). */
export async function reviewedChangeOrder(api: Pick<TestApi, 'call'>, token: string, parentChangeId: string): Promise<IfMatch> {
  return ifMatch((await api.call('GET', `/document/get/${parentChangeId}`, { token })).body?.version);
}

/** A customer as its page shows it (GET /customer/get/:id: its ETag, which a USER's summary has too). */
export async function reviewedCustomer(api: Pick<TestApi, 'call'>, token: string, customerId: string): Promise<IfMatch> {
  const etag = (await api.call('GET', `/customer/get/${customerId}`, { token })).headers.get('etag');
  return ifMatch(etag === null ? undefined : Number(etag.replace(/"/g, '')));
}

/** A user as the Manage User list shows them (GET /user/list/user, ADMIN). */
export async function reviewedUser(api: Pick<TestApi, 'call'>, adminToken: string, userId: string): Promise<IfMatch> {
  const list = (await api.call('GET', '/user/list/user', { token: adminToken })).body?.userList as Array<{ id: string; version?: number }> | undefined;
  return ifMatch(list?.find((user) => user.id === userId)?.version);
}
