/**
 * `@ifu/contracts/public`: the contracts of the public customer portal (module2) only, written with `zod/mini` so
 * that the light portal's bundle stays small (spec §7.4). Staff contracts live in `@ifu/contracts`.
 */
import { z } from 'zod/mini';

/** Every error the API answers has this shape; the portal shows `message` (spec §8). */
export const PublicErrorResponse = z.object({ message: z.string(), code: z.optional(z.string()) });
export type PublicErrorResponse = z.infer<typeof PublicErrorResponse>;

/** Public module2 view of an approved customer: no approver, contact details or other internal field. */
export const PublicCustomer = z.object({
  id: z.string(),
  customerName: z.string(),
  logoUrl: z.nullable(z.string()),
  customerWebsiteLink: z.string(),
  searchUrl: z.string(),
});
export type PublicCustomer = z.infer<typeof PublicCustomer>;

/** GET /module2/getApprovedCustomers and /module2/getApprovedCustomersData */
export const ApprovedCustomersResponse = z.object({ customerList: z.array(PublicCustomer) });
export type ApprovedCustomersResponse = z.infer<typeof ApprovedCustomersResponse>;

/**
 * GET /module2/customerName/:name (an addition to the spec's calls): the current name of the approved customer a
 * public URL names, by its name or a name it had before a rename; the page moves to the current name's URL.
 */
export const CustomerNameResponse = z.object({ customerName: z.string(), renamed: z.boolean() });
export type CustomerNameResponse = z.infer<typeof CustomerNameResponse>;

/** A product family on a customer page: its newest approved change order (whose logo it shows) and its name. */
export const PublicProductFamily = z.object({ parentChangeId: z.string(), productFamilyName: z.string(), logoUrl: z.nullable(z.string()) });
export type PublicProductFamily = z.infer<typeof PublicProductFamily>;

/** One notice as the public pages show it: its text and the day it was published ('YYYY-MM-DD', UTC). */
export const PublicNotice = z.object({ text: z.string(), date: z.string() });
export type PublicNotice = z.infer<typeof PublicNotice>;

/**
 * GET /module2/getParentLogosForCustomer/:customerName (spec §2.1, §3 parent-logo response): the families with at
 * least one current, approved, Online document; the notices as text ('' when there is none; several notices of one
 * scope are joined by blank lines, oldest first). `globalNotices` and `customerNotices` are the same
 * notices one by one, oldest first, each with its date: the portal shows one box per notice.
 */
export const ParentLogosResponse = z.object({
  customerName: z.string(),
  customerLogoUrl: z.nullable(z.string()),
  globalNotification: z.string(),
  customerNotification: z.string(),
  globalNotices: z.array(PublicNotice),
  customerNotices: z.array(PublicNotice),
  products: z.array(PublicProductFamily),
  /** Visitors may open the families' search pages without an emailed link (POST /module2/openSearchLink). */
  openAccess: z.optional(z.boolean()),
});
export type ParentLogosResponse = z.infer<typeof ParentLogosResponse>;

/**
 * GET /module2/singleCustomerLogoURL/:customerName/:parentChangeId (spec §3 customer logo response). The search page
 * the emailed link opens shows the customer page's notices too: `globalNotices`, `customerNotices` and
 * `productNotices`, one by one with their dates, beside the spec's `productNotification` text.
 */
export const SingleCustomerLogoResponse = z.object({
  logoUrl: z.nullable(z.string()),
  productNotification: z.string(),
  customerName: z.string(),
  productFamilyName: z.string(),
  productLogoUrl: z.nullable(z.string()),
  globalNotices: z.array(PublicNotice),
  customerNotices: z.array(PublicNotice),
  productNotices: z.array(PublicNotice),
});
export type SingleCustomerLogoResponse = z.infer<typeof SingleCustomerLogoResponse>;

/** POST /module2/sendSearchURLLink (spec §7.4); the answer's `message` is what the email popup shows. */
export const SendSearchUrlLinkRequest = z.object({
  customerName: z.string(),
  userEmail: z.string(),
  parentChangeId: z.string(),
  /** Beyond the spec: the language the portal shows; a refusal and the mail are said in it. */
  language: z.optional(z.string()),
});
export type SendSearchUrlLinkRequest = z.infer<typeof SendSearchUrlLinkRequest>;
export const MessageOnlyResponse = z.object({ message: z.string() });
export type MessageOnlyResponse = z.infer<typeof MessageOnlyResponse>;

/**
 * The texts of the public pages the server also answers (spec §5 contact form, §8), spelled once. The portal's own
 * words live in its message catalogue (customer-portal/src/messages).
 */
export const PUBLIC_MESSAGES = {
  noDataFound: 'No Data Found',
  contactSent: 'Successfully contacted to administrator.',
  contactFailed: 'Error on connecting administrator.',
  contactEmailRequired: 'Enter the eMail',
  contactEmailInvalid: 'Invalid Email Address',
  contactPhoneRequired: 'Enter a phone number',
  contactPhoneLength: 'Phone Number Should be 10 to 15 Digits',
  contactNameRequired: 'Enter the name',
  contactSubjectRequired: 'Enter the subject',
  contactMessageRequired: 'Enter the message',
  searchLinkSent: 'The search link has been sent to your email address. Open it to search the documents.',
  searchLinkInvalid: 'This search link is not valid. Ask for a new one below.',
  searchLinkExpired: 'This search link has expired. Ask for a new one below.',
  selectCountry: 'Select Country',
  selectLanguage: 'Select Language',
} as const;

/** How long a search link stays valid, unless LINK_TTL_DAYS says otherwise. */
export const SEARCH_LINK_DEFAULT_DAYS = 30;

/**
 * POST /module2/checkSearchLink (an addition to the spec's calls): whether the emailed link still opens, before the
 * page shows its form. Refused with 400 `search-link-invalid` or 410 `search-link-expired`.
 */
export const CheckSearchLinkRequest = z.object({ customerName: z.string(), parentChangeId: z.string(), encryptedEmail: z.string() });
export type CheckSearchLinkRequest = z.infer<typeof CheckSearchLinkRequest>;
export const CheckSearchLinkResponse = z.object({
  customerName: z.string(),
  productFamilyName: z.string(),
  expiresAt: z.string(),
  /**
   * Beyond the spec: whether the link carries a reader's address (mailed to them) or is an open-access customer's
   * link (none). The page keeps a mailed one out of search engines; an open one is the customer's public search.
   */
  emailed: z.optional(z.boolean()),
});
export type CheckSearchLinkResponse = z.infer<typeof CheckSearchLinkResponse>;

/**
 * POST /module2/searchDocuments/ (spec §7.4): `encryptedEmail` is the link's token; `encryptedCustomerId` and
 * `productName` are accepted and ignored (the link names the customer and family). `keyword` and `documentNumber`
 * are optional, and so are `country` (ISO code) and `language` (ISO 639-1 code): without them every one is searched.
 */
export const PublicSearchRequest = z.object({
  /** Optional; absent or '' searches every language (country: every country). */
  language: z.optional(z.string()),
  country: z.optional(z.string()),
  /** The reader's languages, most preferred first (at most 5): with no language chosen, theirs come first. */
  readerLanguages: z.optional(z.array(z.string())),
  keyword: z.optional(z.string()),
  documentNumber: z.optional(z.string()),
  productName: z.optional(z.string()),
  encryptedCustomerId: z.optional(z.string()),
  encryptedEmail: z.string(),
  customerName: z.string(),
  parentChangeId: z.string(),
});
export type PublicSearchRequest = z.infer<typeof PublicSearchRequest>;

/**
 * One document of the public results (spec §2.1: the columns of the results grid). `productSubFamilyNameOne` (the
 * part number, spec §3) is there too: a visitor tells documents apart by title, part and revision.
 */
export const PublicDocument = z.object({
  childDocumentId: z.string(),
  documentNumber: z.string(),
  associatedReferenceNumber: z.string(),
  productSubFamilyNameOne: z.string(),
  /** An addition: the device's GTIN (its UDI-DI) as 14 digits, '' when none. */
  gtin: z.optional(z.string()),
  description: z.string(),
  languageList: z.string(),
  countryList: z.string(),
  effectiveDate: z.string(),
  productFamilyName: z.string(),
  docName: z.string(),
});
export type PublicDocument = z.infer<typeof PublicDocument>;
/** `message` is 'No Data Found' when the list is empty. */
/**
 * `availableIn`: when a search in a language or country found nothing, the languages and countries (codes,
 * sorted, at most 200 each) that the same search finds documents in without them. Absent when nothing is found anywhere.
 */
export const AvailableIn = z.object({ languages: z.array(z.string()), countries: z.array(z.string()) });
export type AvailableIn = z.infer<typeof AvailableIn>;
export const PublicSearchResponse = z.object({ list: z.array(PublicDocument), message: z.optional(z.string()), availableIn: z.optional(AvailableIn) });
export type PublicSearchResponse = z.infer<typeof PublicSearchResponse>;

/**
 * POST /module2/getDocumentURL (spec §7.4): `docId` is a childDocumentId of the results; `country` (optional) is the
 * country the visitor searched for, recorded with the download. Answers a signed URL valid for a few minutes.
 */
export const GetDocumentUrlRequest = z.object({ docId: z.string(), encryptedUserEmail: z.string(), country: z.optional(z.string()) });
export type GetDocumentUrlRequest = z.infer<typeof GetDocumentUrlRequest>;
export const GetDocumentUrlResponse = z.object({ docURL: z.string(), expiresAt: z.string() });
export type GetDocumentUrlResponse = z.infer<typeof GetDocumentUrlResponse>;

/** GET /module2/geolocation (spec §3 geolocation response), served by our own API: nulls when unknown. */
export const GeolocationResponse = z.object({ country_code: z.nullable(z.string()), country_name: z.nullable(z.string()) });
export type GeolocationResponse = z.infer<typeof GeolocationResponse>;

/** POST /module2/contactUs (spec §3 contact message, §5): `website` is a honeypot a person never fills in. */
export const ContactUsRequest = z.object({
  email: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  subject: z.string(),
  textField: z.string(),
  website: z.optional(z.string()),
});
export type ContactUsRequest = z.infer<typeof ContactUsRequest>;

/** The limits of a paper-copy request: the server's contract and the portal's form use the same. */
export const PAPER_COPY_LIMITS = { nameMax: 100, addressMax: 500, emailMax: 254, quantityMin: 1, quantityMax: 10 } as const;

/** The texts of the paper-copy request the server answers and the form shows under its fields, spelled once. */
export const PAPER_COPY_MESSAGES = {
  nameRequired: 'Enter your name',
  addressRequired: 'Enter the delivery address',
  emailRequired: 'Enter your email address',
  emailInvalid: 'Invalid Email Address',
  quantity: `Enter a quantity from ${PAPER_COPY_LIMITS.quantityMin} to ${PAPER_COPY_LIMITS.quantityMax}`,
  requested: 'Your request for a paper copy is recorded. A receipt with the due date was sent to your email address.',
  requestedNoReceipt: 'Your request for a paper copy is recorded, but the receipt could not be mailed. Please note the due date.',
} as const;

/**
 * POST /module2/paperCopyRequest: a paper copy of a public document, mailed to the delivery address within
 * 7 calendar days at no cost. `documentNumber` and `version` name the document as its page shows it.
 */
export const PaperCopyRequest = z.object({
  name: z.string(),
  address: z.string(),
  email: z.string(),
  documentNumber: z.string(),
  version: z.number(),
  quantity: z.number(),
});
export type PaperCopyRequest = z.infer<typeof PaperCopyRequest>;
export const PaperCopyResponse = z.object({
  message: z.string(),
  requestId: z.string(),
  /** Beyond the spec: the short reference to read out on the phone, shown as `ABCD-EFGH`. */
  reference: z.optional(z.string()),
  dueDate: z.string(),
  receiptSent: z.boolean(),
});
export type PaperCopyResponse = z.infer<typeof PaperCopyResponse>;

/** GET /module2/paperCopyDocument/:documentNumber: the public document a paper copy can be asked for, as it is today. */
export const PaperCopyDocumentResponse = z.object({
  documentNumber: z.string(),
  version: z.number(),
  docName: z.string(),
  productFamilyName: z.string(),
});
export type PaperCopyDocumentResponse = z.infer<typeof PaperCopyDocumentResponse>;

/** POST /module2/openSearchLink: the family's search page, for a customer with open access. */
export const OpenSearchLinkResponse = z.object({ searchUrl: z.string() });
export type OpenSearchLinkResponse = z.infer<typeof OpenSearchLinkResponse>;

/** POST /module2/searchByIdentifier: the customer, what is on the box, the reader's country (optional) and languages. */
export const IdentifierSearchRequest = z.object({
  customerName: z.string(),
  /** A GTIN / UDI-DI, part number (REF), document number or lot; up to 4 separated by spaces, or a GS1 element string. */
  identifier: z.string(),
  country: z.optional(z.string()),
  readerLanguages: z.optional(z.array(z.string())),
});
export type IdentifierSearchRequest = z.infer<typeof IdentifierSearchRequest>;

/**
 * One document found by what is on the box: what tells it apart, and its page on the eIFU site (`pageUrl`, every
 * version and, where the customer allows it, the PDF). `exact`: a code is its part number or GTIN exactly.
 */
export const IdentifierHit = z.object({
  childDocumentId: z.string(),
  documentNumber: z.string(),
  parentChangeId: z.string(),
  productFamilyName: z.string(),
  partNumber: z.string(),
  /** The IFU Number: the lot the leaflet covers. */
  lot: z.string(),
  additionalLots: z.string(),
  /** 14 digits, '' when none. */
  gtin: z.string(),
  languageList: z.string(),
  countryList: z.string(),
  effectiveDate: z.string(),
  version: z.number(),
  exact: z.boolean(),
  pageUrl: z.string(),
});
export type IdentifierHit = z.infer<typeof IdentifierHit>;
/** `message` is 'No Data Found' when the list is empty. */
export const IdentifierSearchResponse = z.object({ list: z.array(IdentifierHit), message: z.optional(z.string()) });
export type IdentifierSearchResponse = z.infer<typeof IdentifierSearchResponse>;
