import { z } from 'zod';
import {
  ApproverListResponse,
  CheckApprovalRequest,
  CheckApprovalResponse,
  CustomerApprovalRequest,
  CustomerFields,
  CustomerListQuery,
  CustomerListResponse,
  CustomerMutationResponse,
  CustomerOpenAccessRequest,
  CustomerSummary,
  CustomerSummaryListResponse,
  CustomerView,
  ReassignCustomerApproverRequest,
  UpdateCustomerFields,
} from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

const LOGO = { customerLogo: 'The customer logo: PNG, JPEG or WebP' };

/** The customer routes (each use case's route file), for the API reference. */
export const customersApi: ApiRoute[] = [
  { method: 'post', path: '/customer/add', access: 'admin', summary: 'Registers a customer', multipart: { fields: CustomerFields, files: LOGO }, response: CustomerMutationResponse },
  { method: 'put', path: '/customer/update', access: 'admin', ifMatch: true, summary: 'Changes a customer', multipart: { fields: UpdateCustomerFields, files: LOGO }, response: CustomerMutationResponse },
  { method: 'put', path: '/customer/openAccess', access: 'admin', ifMatch: true, summary: "Opens or closes a customer's documents to readers without a search link", body: CustomerOpenAccessRequest, response: CustomerMutationResponse },
  {
    method: 'get',
    path: '/customer/list/',
    access: 'staff',
    summary: 'The customers: in full for an ADMIN, their id, name, logo and status for a USER',
    query: CustomerListQuery,
    response: z.union([CustomerListResponse, CustomerSummaryListResponse]),
  },
  { method: 'get', path: '/customer/get/:id', access: 'staff', summary: 'One customer (a summary for a USER)', response: z.union([CustomerView, CustomerSummary]) },
  { method: 'get', path: '/customer/logo/:id', access: 'staff', summary: "A customer's logo", response: { mediaTypes: ['image/png', 'image/jpeg', 'image/webp'], description: 'The logo' } },
  {
    method: 'get',
    path: '/customer/pendingLogo/:id',
    access: 'staff',
    summary: 'The logo a change waiting for approval brings (the approved logo stays public until the change is approved)',
    response: { mediaTypes: ['image/png', 'image/jpeg', 'image/webp'], description: 'The logo' },
  },
  { method: 'post', path: '/customer/check/request', access: 'staff', summary: 'Whether the caller may approve or reject the customer now', body: CheckApprovalRequest, response: CheckApprovalResponse },
  { method: 'post', path: '/customer/approve/add', access: 'staff', ifMatch: true, summary: 'Approves or rejects a customer (signed, at the version reviewed)', body: CustomerApprovalRequest, response: CustomerMutationResponse },
  {
    method: 'get',
    path: '/customer/reassignApprover/:id',
    access: 'admin',
    summary: 'Whom a customer awaiting a decision (or its pending change) may be reassigned to: active, trained ADMINs who neither created nor last edited it, other than its approver and the caller',
    response: ApproverListResponse,
  },
  {
    method: 'post',
    path: '/customer/reassignApprover',
    access: 'admin',
    ifMatch: true,
    summary: 'Reassigns a customer awaiting a decision, or its pending change, to another approver (signed, meaning reassignment, with a reason); to their delegate if they are absent today',
    body: ReassignCustomerApproverRequest,
    response: CustomerMutationResponse,
  },
];
