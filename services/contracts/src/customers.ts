import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, ListQuery, looksLikeNumber, passwordText, requiredString, requiredText } from './common';
import { COUNTRY_CODES } from './countries';
import { VISITOR_ACCESS_CHOICES } from './events/customers';
import { REASON_MAX, Signature, SIGNATURE_MESSAGES } from './signatures';

/** Spec §5 customer form texts and §8 messages, spelled once for the form and the server. */
export const CUSTOMER_MESSAGES = {
  nameRequired: 'Enter Customer Name',
  // Open access
  openAccessOn: 'Open access on: visitors can search and download without an emailed link',
  openAccessOff: 'Open access off: visitors need an emailed link',
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
  approved: 'Customer approved',
  rejected: 'Customer rejected',
  enterUsername: SIGNATURE_MESSAGES.enterUsername,
  enterPassword: SIGNATURE_MESSAGES.enterPassword,
  enterConfirmPassword: SIGNATURE_MESSAGES.enterConfirmPassword,
  passwordMismatch: SIGNATURE_MESSAGES.passwordMismatch,
  enterReason: SIGNATURE_MESSAGES.enterReason,
  reasonTooLong: SIGNATURE_MESSAGES.reasonTooLong,
  nameTaken: 'A customer with this name already exists',
  // A change to an approved customer waits for the approver's signature
  approvedEditNotice:
    "This customer is approved. Your changes will wait for the approver's signature; the approved version stays public until then.",
  changePending: "Changes saved: they wait for the approver's signature. The approved version stays public until then.",
  changeWithdrawn: 'The approved values were entered again: nothing is waiting for approval any more.',
  changeApproved: 'Change approved: the customer shows the new values',
  changeRejected: 'Change rejected: the approved version stays',
} as const;

/** The customer's fields a pending change may name, with the labels the screens give them (the spec's names). */
export const CUSTOMER_CHANGE_FIELDS = [
  'customerName',
  'contactInformation',
  'contactEmail',
  'countryExclusionList',
  'approverId',
  'customerWebsiteLink',
  'customerLogo',
  'visitorAccess',
] as const;
/** A field of a customer as a pending change names it: a detail, or the logo (its SHA-256). */
export const CustomerChangeField = z.enum(CUSTOMER_CHANGE_FIELDS);
export type CustomerChangeField = z.infer<typeof CustomerChangeField>;
export const CUSTOMER_FIELD_LABEL: Record<(typeof CUSTOMER_CHANGE_FIELDS)[number], string> = {
  customerName: 'Name',
  contactInformation: 'Contact Number',
  contactEmail: 'Email',
  countryExclusionList: 'Country (excluded countries)',
  approverId: 'Approver',
  customerWebsiteLink: 'Website link',
  customerLogo: 'Logo',
  visitorAccess: 'Reading without an emailed link',
};

/** The choices of `visitorAccess` as the form and the audit trail name them. */
export const VISITOR_ACCESS_LABEL: Record<(typeof VISITOR_ACCESS_CHOICES)[number], string> = {
  'emailed-link': 'Emailed link for search and scans (default)',
  'scanned-document': 'A scanned label opens its document; search needs the emailed link',
  open: 'Open access: search and documents without a link',
};

/** What the form says under the choice: the manufacturer answers for it. */
export const VISITOR_ACCESS_NOTICE =
  "Choose (b) or (c) only if the manufacturer's risk assessment justifies it: the document then opens without knowing who reads it. With (b) the label proves the reader holds the device; search still needs the emailed link.";

export const visitorAccessField = z.enum(VISITOR_ACCESS_CHOICES, { error: 'visitorAccess must be emailed-link, scanned-document or open' });

/** Spec §4 customer status; anything else is badged 'Not Listed'. */
export const CustomerStatus = z.enum(['REQUIRE_APPROVAL', 'APPROVED', 'REJECTED']);
export type CustomerStatus = z.infer<typeof CustomerStatus>;
export const CUSTOMER_STATUS_LABEL: Record<string, string> = {
  REQUIRE_APPROVAL: 'Approval Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const customerStatusLabel = (status: string) => CUSTOMER_STATUS_LABEL[status] ?? 'Not Listed';

export const CUSTOMER_NAME_MAX = 100;
const WEBSITE_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i;

/** The fields of the customer form (spec §5), used by the server's multipart contract and the portal's form. */
export const customerNameField = requiredText(CUSTOMER_MESSAGES.nameRequired, CUSTOMER_NAME_MAX).refine(
  (v) => !looksLikeNumber(v),
  CUSTOMER_MESSAGES.notANumber,
);
/** Sent with non-digits removed; 10 to 15 digits. */
export const contactInformationField = z
  .string({ error: (issue) => (issue.input === undefined ? CUSTOMER_MESSAGES.contactRequired : 'must be a string') })
  .max(100, { message: CUSTOMER_MESSAGES.contactLength, abort: true })
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: CUSTOMER_MESSAGES.contactRequired, abort: true })
      .min(10, CUSTOMER_MESSAGES.contactLength)
      .max(15, CUSTOMER_MESSAGES.contactLength),
  );
export const contactEmailField = requiredText(CUSTOMER_MESSAGES.emailRequired, EMAIL_MAX).regex(EMAIL_PATTERN, CUSTOMER_MESSAGES.emailInvalid);
export const websiteField = z
  .string({ error: 'must be a string' })
  .max(500, { message: 'must be at most 500 characters', abort: true })
  .trim()
  .refine((v) => v === '' || WEBSITE_PATTERN.test(v), CUSTOMER_MESSAGES.invalidUrl);
export const approverIdField = requiredText(CUSTOMER_MESSAGES.approverRequired, 100);

/**
 * The customer fields of POST /customer/add and PUT /customer/update (multipart text fields; the logo travels as the
 * file `customerLogo`). Contact number: non-digits are removed before the length rule.
 */
export const CustomerFields = z.object({
  customerName: customerNameField,
  contactInformation: contactInformationField,
  contactEmail: contactEmailField,
  countryExclusionList: z
    .string({ error: 'must be comma-separated country codes' })
    .max(2000, { message: 'must be comma-separated country codes', abort: true })
    .optional()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((codes) => codes.every((code) => COUNTRY_CODES.has(code)), 'unknown country code')
    .transform((codes) => [...new Set(codes)].join(',')),
  customerWebsiteLink: websiteField.optional().default(''),
  approverId: approverIdField,
  /** Optional over the API: a new customer gets `emailed-link`, an edit without it keeps the customer's choice. */
  visitorAccess: visitorAccessField.optional(),
});
export type CustomerFieldsInput = z.input<typeof CustomerFields>;

export const UpdateCustomerFields = CustomerFields.extend({ id: requiredString('id', 100) });

/** A customer's fields as staff see them, with its approver's name and address and its logo's address. */
const CustomerRecordView = z.object({
  customerName: z.string(),
  contactEmail: z.string(),
  contactInformation: z.string(),
  countryExclusionList: z.string(),
  customerWebsiteLink: z.string(),
  approverId: z.string(),
  approver: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  logoUrl: z.string().nullable(),
  /** Who may read without an emailed link (absent from older servers: `emailed-link`). */
  visitorAccess: z.enum(VISITOR_ACCESS_CHOICES).optional(),
  /**
   * The approver is the delegate of this absent approver, who was chosen ("D (delegate of X)"); null (or absent) when
   * the approver chosen took it.
   */
  delegatedFrom: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable().optional(),
});

/** One customer as staff see it (spec §3 Customer), with the approver and the signed decision. */
export const CustomerView = CustomerRecordView.extend({
  id: z.string(),
  status: z.string(),
  approvedDate: z.string().nullable(),
  searchUrl: z.string().nullable(),
  decision: z.object({ signature: Signature, reason: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  /** Visitors may search and download without an emailed link (false: the spec's emailed link). */
  openAccess: z.boolean(),
  /** The customer stream's version: send it back as If-Match with a change or a decision. */
  version: z.number().int().optional(),
  /** Whether the logged-in viewer may approve or reject it now (spec §4: its approver, while it is not approved). */
  canDecide: z.boolean().optional(),
  /**
   * The viewer is the approver it (or its pending change) waits for but may not decide because they created or last
   * edited it (the approver policy): the view says so and that an ADMIN reassigns it.
   */
  approverIsAuthor: z.boolean().optional(),
  /** The viewer may reassign it to another approver (an ADMIN, while it or a change to it awaits a decision). */
  mayReassign: z.boolean().optional(),
  /**
   * A change to the approved customer waiting for the approver's signature: the values it brings (the fields
   * above stay the approved, public ones until it is approved), the fields it changes, its approver (who decides it),
   * its logo if it brings one. The edit form starts from these values.
   */
  pendingChange: CustomerRecordView.extend({ changed: z.array(CustomerChangeField), proposedAt: z.string() }).nullable().optional(),
  /** The last pending change the approver rejected (the approved version stayed), until the next change. */
  changeRejection: z
    .object({
      changed: z.array(CustomerChangeField),
      reason: z.string(),
      signature: Signature,
    })
    .nullable()
    .optional(),
});
export type CustomerView = z.infer<typeof CustomerView>;

/**
 * `PUT /customer/openAccess` (ADMIN): whether the customer's visitors may search and download without an
 * emailed link. Not signed (like a document's Online/Offline switch); an event with who and when.
 */
export const CustomerOpenAccessRequest = z.object({
  id: requiredText('id is required', 64).regex(/^[A-Za-z0-9-]+$/, 'must be an id').transform((id) => id.toLowerCase()),
  openAccess: z.boolean({ error: 'openAccess must be true or false' }),
});
export type CustomerOpenAccessRequest = z.input<typeof CustomerOpenAccessRequest>;

/**
 * What a USER sees of a customer: what the document screens need, no contact details,
 * approver or signature. `/customer/list/` and `/customer/get/:id` answer these to a USER.
 */
export const CustomerSummary = CustomerView.pick({ id: true, customerName: true, logoUrl: true, status: true });
export type CustomerSummary = z.infer<typeof CustomerSummary>;
export const CustomerSummaryListResponse = z.object({ customerList: z.array(CustomerSummary), total: z.number().int().optional() });

/** GET /customer/list/: the whole list without paging parameters; with `page`, one sorted, searched page and `total`. */
export const CustomerListQuery = ListQuery.extend({
  sortField: z.enum(['customerName', 'contactEmail', 'status', 'createdAt']).optional(),
});
export type CustomerListQuery = z.input<typeof CustomerListQuery>;
/** A USER's customer list: sorted only on what a USER is shown; the search matches the name only. */
export const CustomerSummaryListQuery = ListQuery.extend({
  sortField: z.enum(['customerName', 'status'], { error: 'a USER can sort customers only by customerName or status' }).optional(),
});
export const CustomerListResponse = z.object({ customerList: z.array(CustomerView), total: z.number().int().optional() });
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
        error: 'must be true (approve) or false (reject)',
      })
      .transform((v) => v === true || v === 'true' || v === 'APPROVED'),
    changeDescription: z.string().max(1000, 'must be at most 1000 characters').optional(),
    changeJustification: z.string({ error: 'must be a string' }).max(10_000, { message: CUSTOMER_MESSAGES.reasonTooLong, abort: true }).optional().default(''),
    username: requiredText(CUSTOMER_MESSAGES.enterUsername, 254),
    password: passwordText(CUSTOMER_MESSAGES.enterPassword),
  })
  .superRefine((value, context) => {
    const reason = value.changeJustification.trim();
    if (!value.customerApproval && reason === '') {
      context.addIssue({ code: 'custom', path: ['changeJustification'], message: CUSTOMER_MESSAGES.enterReason });
    }
    if (reason.length > REASON_MAX) {
      context.addIssue({ code: 'custom', path: ['changeJustification'], message: CUSTOMER_MESSAGES.reasonTooLong });
    }
  });
export type CustomerApprovalRequest = z.input<typeof CustomerApprovalRequest>;
