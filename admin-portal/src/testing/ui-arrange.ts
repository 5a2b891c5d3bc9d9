import { Blob as NodeBlob } from 'node:buffer';

import {
  arrangeApprovedCustomer,
  arrangeChangeOrder,
  arrangeDecision,
  arrangeRegisteredCustomer,
  openEveryFile,
  type ApiEndpoint,
} from '../../../test-support/document-arrangements';
import { logInReusingToken } from '../../../test-support/http-client';

import { addStaff, adminToken, call, type Staff, uiApi, unique } from './ui-api';

/** Node's own FormData (jsdom hides it): the class of a form Node's fetch itself parsed. */
const nodeFormData = async () => (await new Response(new URLSearchParams('a=b')).formData()).constructor;

/**
 * jsdom puts its own FormData and Blob in place of Node's, which Node's fetch cannot send: the arrangements (multipart
 * uploads) run with Node's own for as long as they take. The screens' calls are JSON and file downloads.
 */
async function withNodeHttp<T>(arrange: () => Promise<T>): Promise<T> {
  const saved = { FormData: globalThis.FormData, Blob: globalThis.Blob };
  Object.assign(globalThis, { FormData: await nodeFormData(), Blob: NodeBlob });
  try {
    return await arrange();
  } finally {
    Object.assign(globalThis, saved);
  }
}

const endpoint = (): ApiEndpoint => ({
  url: uiApi().url,
  login: (email: string, password: string) => logInReusingToken(uiApi().url, email, password),
  call: ((method: string, path: string, options?: Parameters<typeof call>[2]) => call(method, path, options)) as unknown as ApiEndpoint['call'],
});

/** A pending change order of one child, authored by `author` for `approver`, for an approved customer of its own. */
export async function arrangePendingChangeOrder(author: Staff, approver: Staff, children = [{ lotNumber: `LOT-${unique()}`, partNumber: `PN-${unique()}` }]) {
  return withNodeHttp(async () => {
    const customerName = `UI Customer ${unique()}`;
    const customerId = await arrangeApprovedCustomer(endpoint(), { email: uiApi().adminEmail, password: uiApi().adminPassword }, approver, customerName);
    const productName = `UI Pump ${unique()}`;
    const created = await arrangeChangeOrder(endpoint(), { author, approverId: approver.id, customerId, productName, children, waitForText: false });
    return { ...created, customerName, productName };
  });
}

/** The approver opens every file (the review Approve and Reject wait for). */
export const arrangeReview = (approver: Staff, parentChangeId: string) =>
  withNodeHttp(async () => openEveryFile(endpoint(), await logInReusingToken(uiApi().url, approver.email, approver.password), parentChangeId));

/** The approver's signed decision. */
export const arrangeDecided = (approver: Staff, parentChangeId: string, approve = true) =>
  withNodeHttp(() => arrangeDecision(endpoint(), { parentChangeId, approver, approve }));

export { adminToken, call };

/**
 * A staff member, asked for again while the API's password strength check misses its deadline (a worker starting on
 * a loaded machine): what a person would do when told 'could not be checked in time'.
 */
export async function addStaffPatiently(role: Staff['role'], name?: string): Promise<Staff> {
  for (let tries = 1; ; tries++) {
    try {
      return await addStaff(role, name);
    } catch (error) {
      if (tries >= 8 || !/checked in time/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
  }
}

/** A customer registered by the first ADMIN for `approver`, awaiting their decision. */
export const arrangeCustomerAwaiting = (approver: Staff, customerName: string) =>
  withNodeHttp(() => arrangeRegisteredCustomer(endpoint(), { email: uiApi().adminEmail, password: uiApi().adminPassword }, approver.id, customerName));
