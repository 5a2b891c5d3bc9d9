import { randomUUID } from 'node:crypto';
import { toDayMonthYear } from '@ifu/contracts';
import { makePdf } from './documents';
import { PNG_1X1 } from './images';
import { type IfMatch, reviewedChangeOrder, reviewedCustomer } from './reviewed-versions';
import type { TestApi } from './test-api';

/**
 * The API the arrangements call: an in-process test API, or any API reached over HTTP (the production-shape tests'
 * processes behind nginx), with a way to log a person in.
 */
export type ApiEndpoint = Pick<TestApi, 'url' | 'login' | 'call'> & { api?: TestApi['api'] };

/** Someone who signs: the credentials they re-enter. */
export interface Credentials {
  email: string;
  password: string;
}
/** A signer whose id is needed too (an approver is named by id). */
export interface Signer extends Credentials {
  id: string;
}

const pdfBlob = async (...lines: string[]) => new Blob([new Uint8Array(await makePdf(...lines))], { type: 'application/pdf' });

async function send(api: ApiEndpoint, token: string, method: string, path: string, body: FormData | object, headers: IfMatch | Record<string, never> = {}): Promise<Record<string, unknown>> {
  const init: RequestInit =
    body instanceof FormData
      ? { method, body, headers: { authorization: `Bearer ${token}`, ...headers } }
      : { method, body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers } };
  const response = await fetch(`${api.url}${path}`, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A customer registered by `registrar` (with its logo) for `approverId`, still awaiting its decision; its id. */
export async function arrangeRegisteredCustomer(api: ApiEndpoint, registrar: Credentials, approverId: string, customerName: string): Promise<string> {
  const token = await api.login(registrar.email, registrar.password);
  const form = new FormData();
  form.set('customerName', customerName);
  form.set('contactInformation', '4930901820');
  form.set('contactEmail', `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  form.set('countryExclusionList', 'DE,US');
  form.set('customerWebsiteLink', 'https://example.com');
  form.set('approverId', approverId);
  form.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
  const added = await send(api, token, 'POST', '/customer/add', form);
  return (added.customer as { id: string }).id;
}

/**
 * An ADMIN who approves (added to the test API, named as given or by the defaults) and a customer `registrar` registered
 * and they approved: the approver, and the customer's id.
 */
export async function arrangeApproverAndCustomer(
  api: TestApi,
  registrar: Credentials,
  approver: Credentials & { firstName?: string; lastName?: string },
  customerName: string,
): Promise<{ approver: Signer; customerId: string }> {
  const signer: Signer = { email: approver.email, password: approver.password, id: await api.createUser({ ...approver, role: 'ADMIN' }) };
  return { approver: signer, customerId: await arrangeApprovedCustomer(api, registrar, signer, customerName) };
}

/** A customer registered by `registrar` (with its logo) and approved by `approver` with their signature; its id. */
export async function arrangeApprovedCustomer(api: ApiEndpoint, registrar: Credentials, approver: Signer, customerName: string): Promise<string> {
  const customerId = await arrangeRegisteredCustomer(api, registrar, approver.id, customerName);
  const approverToken = await api.login(approver.email, approver.password);
  const seen = await reviewedCustomer(api, approverToken, customerId);
  await send(api, approverToken, 'POST', '/customer/approve/add', {
    customerId,
    customerApproverId: approver.id,
    customerApproval: true,
    changeDescription: 'Customer approval',
    changeJustification: '',
    username: approver.email,
    password: approver.password,
  }, seen);
  return customerId;
}

export interface ChildArrangement {
  lotNumber: string;
  partNumber: string;
  countryList?: string;
  languageList?: string;
  /** The text inside the child's PDF; `IFU <lotNumber>` when absent. */
  pdfLines?: string[];
  /** The child's PDF itself (instead of one made of `pdfLines`). */
  pdf?: Buffer;
  keywords?: string;
  /** The device's GTIN, further lots and serial ranges; none when absent. */
  gtin?: string;
  additionalLots?: string;
  serialRanges?: string;
}

export interface ChangeOrderArrangement {
  author: Credentials;
  approverId: string;
  customerId: string;
  productName: string;
  children: ChildArrangement[];
  /** Names of the supporting files (PDFs), at most 4. */
  supportingFiles?: string[];
  /** false: answer without waiting for the text queue (its PDFs' text may still be pending). */
  waitForText?: boolean;
  isInternal?: boolean;
  /** `YYYY-MM-DD`; today (UTC) when absent. */
  effectiveDate?: string;
  /** A safety revision; not sent when absent. */
  safetyRevision?: boolean;
  /** One of the spec's four change types; 'General Document' when absent. */
  changeType?: string;
  /** The spec's `productFamilyDescription`; not sent when absent (the server takes the description of change). */
  productDescription?: string;
}

/**
 * A change order created the way the Add wizard does it: the supporting files and the logo uploaded, each child's
 * file uploaded, then POST /document/addDocumentListData signed by its author. Its parentChangeId and documentId.
 */
export async function arrangeChangeOrder(api: ApiEndpoint, order: ChangeOrderArrangement): Promise<{ parentChangeId: string; documentId: string }> {
  const token = await api.login(order.author.email, order.author.password);
  const parent = new FormData();
  parent.set('isParent', 'true');
  for (const name of order.supportingFiles ?? ['Risk assessment.pdf']) parent.append('parentDocuments', await pdfBlob(name), name);
  parent.set('parentLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
  const uploadedParent = await send(api, token, 'POST', '/document/addDocumentFiles', parent);

  const list = [];
  for (const child of order.children) {
    const form = new FormData();
    form.set('isParent', 'false');
    const pdf = child.pdf ? new Blob([new Uint8Array(child.pdf)], { type: 'application/pdf' }) : await pdfBlob(...(child.pdfLines ?? [`IFU ${child.lotNumber}`]));
    form.set('childMainDocument', pdf, `IFU ${child.lotNumber}.pdf`);
    const uploaded = await send(api, token, 'POST', '/document/addDocumentFiles', form);
    list.push({
      associatedReferenceNumber: child.lotNumber,
      productSubFamilyNameOne: child.partNumber,
      billMaterialInformation: `BOM-${child.partNumber}`,
      changeDescription: `First release of ${child.lotNumber}`,
      changeJustification: 'New product line',
      countryList: child.countryList ?? 'DE,US',
      languageList: child.languageList ?? 'de,en',
      keywords: child.keywords ?? `${order.productName}, instructions`,
      ...(child.gtin ? { gtin: child.gtin } : {}),
      ...(child.additionalLots ? { additionalLots: child.additionalLots } : {}),
      ...(child.serialRanges ? { serialRanges: child.serialRanges } : {}),
      uploadDocumentFileId: uploaded.uploadChildDocumentFileId as string,
    });
  }

  const created = await send(api, token, 'POST', '/document/addDocumentListData', {
    changeType: order.changeType ?? 'General Document',
    productFamilyName: order.productName,
    approverId: order.approverId,
    isInternal: order.isInternal ?? false,
    customerId: order.customerId,
    effectiveDate: toDayMonthYear(order.effectiveDate ?? new Date().toISOString().slice(0, 10)),
    ...(order.safetyRevision === undefined ? {} : { safetyRevision: order.safetyRevision }),
    changeDescription: `Instructions for use of ${order.productName}`,
    ...(order.productDescription === undefined ? {} : { productFamilyDescription: order.productDescription }),
    changeJustification: 'Regulatory update',
    username: order.author.email,
    password: order.author.password,
    comments: 'Reviewed by QA',
    uploadParentDocumentFileId: uploadedParent.uploadParentDocumentFileId as string,
    list,
  });
  // The PDFs' text is extracted by a queue after the uploads' answers: searchable once it is done.
  if (order.waitForText !== false) {
    if (!api.api) throw new Error('waiting for the text queue needs the in-process test API (waitForText: false otherwise)');
    await api.api.context.textQueue.idle();
  }
  return { parentChangeId: created.parentChangeId as string, documentId: created.documentId as string };
}

/**
 * The approver's review and signed decision, through the product's own calls: they open every supporting file and
 * child document (its signed link from GET /document/getDocumentDownload/:id, fetched: the fetch records the review),
 * then sign the decision, naming the version reviewed (If-Match).
 */
export async function arrangeDecision(
  api: ApiEndpoint,
  input: { parentChangeId: string; approver: Signer & { firstName?: string; lastName?: string }; approve: boolean; reason?: string },
): Promise<Record<string, unknown>> {
  const { approver } = input;
  const token = await api.login(approver.email, approver.password);
  await openEveryFile(api, token, input.parentChangeId);
  const seen = await reviewedChangeOrder(api, token, input.parentChangeId);
  return send(api, token, 'POST', '/document/approveDocuments', {
    parentChangeId: input.parentChangeId,
    approverId: approver.id,
    documentApproval: input.approve,
    reason: input.reason ?? (input.approve ? '' : 'Rejected in a test arrangement'),
    username: approver.email,
    password: approver.password,
  }, seen);
}

/**
 * Switches a decided change order Online/Offline as an ADMIN (`requesterToken`) does it: at once (spec §4). Throws
 * unless it answers 200.
 */
export async function arrangeAccessibility(
  api: ApiEndpoint,
  input: { parentChangeId: string; isInternal: boolean; requesterToken: string },
): Promise<Record<string, unknown>> {
  return send(api, input.requesterToken, 'POST', '/document/update/IsInternal', { parentDocumentChangeId: input.parentChangeId, isInternal: input.isInternal, reason: 'Test' });
}

/**
 * An Online/Offline change of an approved change order left pending in the log, as it was recorded while such switches
 * waited for the approver's signature (the product no longer proposes one): appended as the requester's
 * `ChangeOrderAccessibilityProposed`, then the read models caught up.
 */
export async function arrangeLegacyAccessibilityProposal(
  api: TestApi,
  input: { parentChangeId: string; isInternal: boolean; requestedBy: { id: string; email: string }; reason: string },
): Promise<void> {
  const stream = `document-${input.parentChangeId}`;
  const recorded = await api.store.readStream(stream);
  const created = recorded.find((event) => event.type === 'ChangeOrderCreated');
  if (!created) throw new Error(`no change order ${input.parentChangeId}`);
  const documentId = (created.data as { documentId: string }).documentId;
  const data = { parentChangeId: input.parentChangeId, documentId, isInternal: input.isInternal, previous: !input.isInternal, requestedBy: input.requestedBy.id, reason: input.reason };
  const metadata = {
    actor: { type: 'user' as const, userId: input.requestedBy.id, email: input.requestedBy.email },
    occurredAt: api.clock.now().toISOString(),
    correlationId: randomUUID(),
    ip: null,
    userAgent: null,
  };
  await api.store.append(stream, [{ type: 'ChangeOrderAccessibilityProposed', data, metadata }], recorded.length);
  await api.api.context.commands.caughtUp(['change-orders', 'document-search']);
}

/** Opens (downloads) every supporting file and active child document of a change order as the token's user. */
export async function openEveryFile(api: ApiEndpoint, token: string, parentChangeId: string): Promise<void> {
  const view = await get(api, token, `/document/get/${parentChangeId}`);
  const ids = [
    ...(view.parentDocumentList as { fileId: string }[]).map((f) => f.fileId),
    ...(view.children as { childDocumentId: string }[]).map((c) => c.childDocumentId),
  ];
  for (const id of ids) {
    const { documentPath } = await get(api, token, `/document/getDocumentDownload/${id}`);
    const file = await fetch(documentPath as string);
    if (file.status !== 200) throw new Error(`opening ${id} answered ${file.status}`);
    await file.arrayBuffer();
  }
}

async function get(api: ApiEndpoint, token: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}
