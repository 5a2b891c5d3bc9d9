import {
  arrangeApprovedCustomer,
  arrangeChangeOrder,
  openEveryFile,
  type ApiEndpoint,
} from '../../../test-support/document-arrangements';
import { logInReusingToken } from '../../../test-support/http-client';

import { addStaff, call, uiApi, unique, type Staff } from './ui-api';

/**
 * Documents arranged for a route-level test through the real API, with the calls the integration tests use
 * (test-support/document-arrangements.ts): each test arranges its own people, customer and change order (unique names).
 */
export const uiEndpoint = (): ApiEndpoint => ({
  url: uiApi().url,
  login: (email, password) => logInReusingToken(uiApi().url, email, password),
  call: (method, path, options = {}) => call(method, path, options),
});

/** The first ADMIN, who registers customers. */
const registrar = () => ({ email: uiApi().adminEmail, password: uiApi().adminPassword });

/** An author (USER), an approver (ADMIN) and an APPROVED customer of the approver's: what a change order needs. */
export interface DocumentCast {
  author: Staff;
  approver: Staff;
  customerId: string;
  customerName: string;
}

export async function arrangeDocumentCast(): Promise<DocumentCast> {
  const author = await addStaff('USER', 'Author');
  const approver = await addStaff('ADMIN', 'Approver');
  const customerName = `UI Customer ${unique()}`;
  const customerId = await arrangeApprovedCustomer(uiEndpoint(), registrar(), approver, customerName);
  return { author, approver, customerId, customerName };
}

export interface ArrangedChangeOrder extends DocumentCast {
  parentChangeId: string;
  documentId: string;
  productName: string;
  lotNumber: string;
}

/**
 * A change order pending approval, authored by the cast's USER for its ADMIN approver (a new cast when none is
 * given), with one child of its own. `reviewed`: the approver has already opened every file (the view's Approve and
 * Reject wait for that).
 */
export async function arrangePendingChangeOrder(options: { cast?: DocumentCast; reviewed?: boolean } = {}): Promise<ArrangedChangeOrder> {
  const cast = options.cast ?? (await arrangeDocumentCast());
  const suffix = unique();
  const productName = `UI Product ${suffix}`;
  const lotNumber = `LOT-${suffix}`;
  const { parentChangeId, documentId } = await arrangeChangeOrder(uiEndpoint(), {
    author: cast.author,
    approverId: cast.approver.id,
    customerId: cast.customerId,
    productName,
    children: [{ lotNumber, partNumber: `PART-${suffix}` }],
    // The route-level tests reach the API over HTTP: its text queue is not theirs to wait for.
    waitForText: false,
  });
  if (options.reviewed) await openEveryFile(uiEndpoint(), await logInReusingToken(uiApi().url, cast.approver.email, cast.approver.password), parentChangeId);
  return { ...cast, parentChangeId, documentId, productName, lotNumber };
}
