import { z } from 'zod';
import { EMAIL_PATTERN, requiredString } from './common';
import { COUNTRY_CODES } from './countries';

/** Spec §5 customer form texts and §8 messages, spelled once for the form and the server. */
export const CUSTOMER_MESSAGES = {
  nameRequired: 'Enter Customer Name',
  notANumber: 'Should not be a Number',
  contactRequired: 'Enter Contact Number',
  contactLength: 'Contact Number Should be 10 to 15 Digits',
  emailRequired: 'Enter Email',
  emailInvalid: 'Invalid Email Address',
  invalidUrl: 'Invalid URL',
  logoRequired: 'Select a Logo',
  approverRequired: 'Select Approver',
  added: 'Customer Added Successfully!!',
  updated: 'Customer updated successfully!!',
  addFailed: 'Failed to Add Customer!!',
  updateFailed: 'Failed to update Customer!!',
  approvalFailed: 'Customer approval failed.',
  approverListFailed: 'Failed to fetch approval initiator list.',
  urlCopied: 'URL Copied',
  enterUsername: 'Enter Username',
  enterPassword: 'Enter Password',
  enterConfirmPassword: 'Enter Confirm Password',
  passwordMismatch: 'Password Mismatch',
  enterReason: 'Enter Reason',
  reasonTooLong: "Reason can't be more than 255 characters.",
  nameTaken: 'A customer with this name already exists',
} as const;

/** Spec §4 customer status; anything else is badged 'Not Listed'. */
export const CustomerStatus = z.enum(['REQUIRE_APPROVAL', 'APPROVED', 'REJECTED']);
export type CustomerStatus = z.infer<typeof CustomerStatus>;
export const CUSTOMER_STATUS_LABEL: Record<string, string> = {
  REQUIRE_APPROVAL: 'Approval Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const customerStatusLabel = (status: string) => CUSTOMER_STATUS_LABEL[status] ?? 'Not Listed';

const isNumeric = (value: string) => /^[\d\s.,+-]+$/.test(value);
const message = (field: string, text: string) => `${field}: ${text}`;
const text = (field: string, required: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message(field, required) : `${field} must be a string`) })
    .trim()
    .min(1, { message: message(field, required), abort: true })
    .max(max, `${field} must be at most ${max} characters`);

export const CUSTOMER_NAME_MAX = 100;

/**
 * The customer fields of POST /customer/add and PUT /customer/update (multipart text fields; the logo travels as the
 * file `customerLogo`). Contact number: non-digits are removed before the length rule.
 */
export const CustomerFields = z.object({
  customerName: text('customerName', CUSTOMER_MESSAGES.nameRequired, CUSTOMER_NAME_MAX).refine(
    (v) => !isNumeric(v),
    message('customerName', CUSTOMER_MESSAGES.notANumber),
  ),
  contactInformation: z
    .string({ error: (issue) => (issue.input === undefined ? message('contactInformation', CUSTOMER_MESSAGES.contactRequired) : 'contactInformation must be a string') })
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .min(1, { message: message('contactInformation', CUSTOMER_MESSAGES.contactRequired), abort: true })
        .min(10, message('contactInformation', CUSTOMER_MESSAGES.contactLength))
        .max(15, message('contactInformation', CUSTOMER_MESSAGES.contactLength)),
    ),
  contactEmail: text('contactEmail', CUSTOMER_MESSAGES.emailRequired, 254).regex(
    EMAIL_PATTERN,
    message('contactEmail', CUSTOMER_MESSAGES.emailInvalid),
  ),
  countryExclusionList: z
    .string({ error: 'countryExclusionList must be comma-separated country codes' })
    .optional()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((codes) => codes.every((code) => COUNTRY_CODES.has(code)), 'countryExclusionList: unknown country code')
    .transform((codes) => [...new Set(codes)].join(',')),
  customerWebsiteLink: z
    .string({ error: 'customerWebsiteLink must be a string' })
    .trim()
    .max(500, 'customerWebsiteLink must be at most 500 characters')
    .optional()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), message('customerWebsiteLink', CUSTOMER_MESSAGES.invalidUrl)),
  approverId: text('approverId', CUSTOMER_MESSAGES.approverRequired, 100),
});
export type CustomerFieldsInput = z.input<typeof CustomerFields>;

export const UpdateCustomerFields = CustomerFields.extend({ id: requiredString('id', 100) });

export const Signature = z.object({
  signerId: z.string(),
  name: z.string(),
  email: z.string(),
  signedAt: z.string(),
  meaning: z.enum(['authorship', 'approval', 'rejection', 'deactivation', 'file-deletion']),
});
export type Signature = z.infer<typeof Signature>;

/** One customer as staff see it (spec §3 Customer), with the approver and the signed decision. */
export const CustomerView = z.object({
  id: z.string(),
  customerName: z.string(),
  contactEmail: z.string(),
  contactInformation: z.string(),
  countryExclusionList: z.string(),
  customerWebsiteLink: z.string(),
  approverId: z.string(),
  approver: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  logoUrl: z.string().nullable(),
  status: z.string(),
  approvedDate: z.string().nullable(),
  searchUrl: z.string().nullable(),
  decision: z.object({ signature: Signature, reason: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type CustomerView = z.infer<typeof CustomerView>;

export const CustomerListResponse = z.object({ customerList: z.array(CustomerView) });
export const CustomerMutationResponse = z.object({ message: z.string(), customer: CustomerView });

/** POST /customer/check/request */
export const CheckApprovalRequest = z.object({ customerId: requiredString('customerId', 100) });
export const CheckApprovalResponse = z.object({ approvalResponse: z.boolean() });

/**
 * POST /customer/approve/add (spec §7.2). `customerApproval` true approves, false rejects; the username and password
 * are the approver's electronic signature; `changeJustification` holds the reason of a rejection.
 */
export const CustomerApprovalRequest = z
  .object({
    customerId: requiredString('customerId', 100),
    customerApproverId: requiredString('customerApproverId', 100),
    customerApproval: z
      .union([z.boolean(), z.enum(['true', 'false', 'APPROVED', 'REJECTED'])], {
        error: 'customerApproval must be true (approve) or false (reject)',
      })
      .transform((v) => v === true || v === 'true' || v === 'APPROVED'),
    changeDescription: z.string().max(1000, 'changeDescription must be at most 1000 characters').optional(),
    changeJustification: z.string({ error: 'changeJustification must be a string' }).optional().default(''),
    username: text('username', CUSTOMER_MESSAGES.enterUsername, 254),
    password: z
      .string({ error: (issue) => (issue.input === undefined ? message('password', CUSTOMER_MESSAGES.enterPassword) : 'password must be a string') })
      .min(1, { message: message('password', CUSTOMER_MESSAGES.enterPassword), abort: true })
      .max(1024, 'password must be at most 1024 characters'),
  })
  .superRefine((value, context) => {
    const reason = value.changeJustification.trim();
    if (!value.customerApproval && reason === '') {
      context.addIssue({ code: 'custom', path: ['changeJustification'], message: message('changeJustification', CUSTOMER_MESSAGES.enterReason) });
    }
    if (reason.length > 255) {
      context.addIssue({ code: 'custom', path: ['changeJustification'], message: message('changeJustification', CUSTOMER_MESSAGES.reasonTooLong) });
    }
  });
export type CustomerApprovalRequest = z.input<typeof CustomerApprovalRequest>;

/** Public module2 view of an approved customer: no approver, contact details or other internal field. */
export const PublicCustomer = z.object({
  id: z.string(),
  customerName: z.string(),
  logoUrl: z.string().nullable(),
  customerWebsiteLink: z.string(),
  searchUrl: z.string(),
});
export const ApprovedCustomersResponse = z.object({ customerList: z.array(PublicCustomer) });
