import { z } from 'zod';
import {
  AddDocumentListData,
  AddDocumentListDataResponse,
  AddFilesToParentFields,
  ApproveDocumentsRequest,
  ChangeOrderResponse,
  ChangeOrderView,
  DeleteChildDocRequest,
  DeleteParentChangeRequest,
  DeleteParentFileRequest,
  DocumentDownloadQuery,
  DocumentDownloadResponse,
  DocumentListQuery,
  DocumentListResponse,
  MessageResponse,
  ReviseChangeOrderRequest,
  ProductsByCustomerResponse,
  SearchDocumentsRequest,
  SearchDocumentsResponse,
  UpdateChildFields,
  UpdateIsInternalRequest,
  DecideAccessibilityRequest,
  UpdateParentFields,
  UploadChildResponse,
  UploadParentResponse,
} from '@ifu/contracts';
import type { ApiRoute } from '../api-docs/api-routes';
import { UploadFields } from './routes';

const PDF = { mediaTypes: ['application/pdf'], description: 'The file, streamed with its checksum verified' };
const WIZARD_FILES = {
  parentDocuments: 'Up to 4 supporting PDFs (isParent=true)',
  parentLogo: 'The product logo: PNG, JPEG or WebP (isParent=true)',
  childMainDocument: 'The child document, one PDF (isParent=false)',
};
const changeOrderId = z.object({ id: z.string().max(200).meta({ description: 'A parent change id, or a child document id' }) });

/** The query of the signed link `GET /document/getDocumentDownload/:id` answers (document-links.ts). */
const StaffLinkQuery = z.object({
  purpose: z.enum(['download', 'manifest']),
  user: z.string().max(100),
  expires: z.string().max(12).meta({ description: 'Unix seconds' }),
  signature: z.string().max(100),
});

const list = (path: string, summary: string): ApiRoute => ({ method: 'get', path, access: 'staff', summary, query: DocumentListQuery, response: DocumentListResponse });

/** The routes of routes.ts and review-routes.ts, for the API reference. */
export const documentsApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/document/addDocumentFiles',
    access: 'staff',
    summary: "The add wizard's upload: stages the parent's files or a child's PDF",
    multipart: { fields: UploadFields, files: WIZARD_FILES },
    response: z.union([UploadParentResponse, UploadChildResponse]),
  },
  { method: 'post', path: '/document/addDocumentListData', access: 'staff', summary: 'Submits a new change order (signed authorship)', body: AddDocumentListData, response: AddDocumentListDataResponse },
  {
    method: 'post',
    path: '/document/reviseChangeOrder',
    access: 'staff',
    summary: "Revise and resubmit: a new change order from a rejected one (its author only, once), linked to it, its stored files reused (signed authorship)",
    body: ReviseChangeOrderRequest,
    response: AddDocumentListDataResponse,
  },
  list('/document/getDocumentList', 'The change orders list (tab=pending|all, paging)'),
  list('/document/getDocumentParents', 'The change orders list (the spec’s name)'),
  list('/document/getAllParentsForLoginUser', 'The change orders the logged-in user created, edits or approves'),
  { method: 'get', path: '/document/get/:id', access: 'staff', summary: 'One change order with its children, files and signatures', params: changeOrderId, response: ChangeOrderView },
  { method: 'get', path: '/document/getSingleParentById/:id', access: 'staff', summary: 'One change order (the spec’s name)', params: changeOrderId, response: ChangeOrderView },
  {
    method: 'put',
    path: '/document/updateParent',
    access: 'staff',
    ifMatch: true,
    summary: "Edits a change order's parent fields, logo or supporting files (signed authorship)",
    multipart: { fields: UpdateParentFields, files: { parentDocuments: WIZARD_FILES.parentDocuments, parentLogo: WIZARD_FILES.parentLogo } },
    response: ChangeOrderResponse,
  },
  {
    method: 'put',
    path: '/document/updateSingleChildDocument',
    access: 'staff',
    ifMatch: true,
    summary: 'Adds a child, or edits one (signed authorship)',
    multipart: { fields: UpdateChildFields, files: { childMainDocument: WIZARD_FILES.childMainDocument } },
    response: ChangeOrderResponse,
  },
  {
    method: 'post',
    path: '/document/addFilesToParent',
    access: 'staff',
    ifMatch: true,
    summary: 'Adds supporting files to a change order (signed authorship)',
    multipart: { fields: AddFilesToParentFields, files: { parentDocuments: WIZARD_FILES.parentDocuments } },
    response: ChangeOrderResponse,
  },
  { method: 'delete', path: '/document/deleteParentFileById', access: 'staff', ifMatch: true, summary: 'Deletes a supporting file (signed file-deletion)', body: DeleteParentFileRequest, response: ChangeOrderResponse },
  { method: 'delete', path: '/document/deleteChildDoc', access: 'staff', ifMatch: true, summary: 'Deactivates a child (signed deactivation)', body: DeleteChildDocRequest, response: ChangeOrderResponse },
  { method: 'delete', path: '/document/deleteParentChange', access: 'staff', ifMatch: true, summary: 'Deactivates a change order (signed deactivation)', body: DeleteParentChangeRequest, response: MessageResponse },
  {
    method: 'post',
    path: '/document/approveDocuments',
    access: 'staff',
    ifMatch: true,
    summary: 'Approves or rejects a change order: the assigned approver, after opening every file (signed)',
    body: ApproveDocumentsRequest,
    response: ChangeOrderResponse,
  },
  {
    method: 'post',
    path: '/document/update/IsInternal',
    access: 'admin',
    summary: "Switches a rejected change order Online or Offline; on an approved one, requests the switch, pending the approver's signature",
    body: UpdateIsInternalRequest,
    response: ChangeOrderResponse,
  },
  {
    method: 'post',
    path: '/document/accessibility/decide',
    access: 'staff',
    ifMatch: true,
    summary: "The change order's approver signs (approve) or rejects, with a reason, a pending Online/Offline change",
    body: DecideAccessibilityRequest,
    response: ChangeOrderResponse,
  },
  {
    method: 'get',
    path: '/document/getDocumentDownload/:id',
    access: 'staff',
    summary: 'A 5-minute signed link to one file (a child id or a supporting file id); fetching it records the download',
    params: z.object({ id: z.string().max(200) }),
    query: DocumentDownloadQuery,
    response: DocumentDownloadResponse,
  },
  {
    method: 'get',
    path: '/document/file/:parentChangeId/:fileId',
    access: 'signed-link',
    summary: 'The file a download link names; purpose=manifest appends the signature manifest page',
    query: StaffLinkQuery,
    response: PDF,
  },
  { method: 'post', path: '/document/searchDocuments', access: 'staff', summary: 'The internal full-text search (at most 50 results)', body: SearchDocumentsRequest, response: SearchDocumentsResponse },
  { method: 'get', path: '/document/getProductByCustomer/:id', access: 'staff', summary: "A customer's approved product families", response: ProductsByCustomerResponse },
];
