import { z } from 'zod';
import {
  ApprovedCustomersResponse,
  CheckSearchLinkBody,
  CheckSearchLinkResponse,
  ContactUsBody,
  CustomerNameResponse,
  GeolocationResponse,
  GetDocumentUrlBody,
  GetDocumentUrlResponse,
  IdentifierSearchBody,
  IdentifierSearchResponse,
  MessageOnlyResponse,
  OpenSearchLinkBody,
  OpenSearchLinkResponse,
  ParentLogosResponse,
  PublicSearchBody,
  PublicSearchResponse,
  SendSearchLinkBody,
  SingleCustomerLogoResponse,
} from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

const LOGO = { mediaTypes: ['image/png', 'image/jpeg', 'image/webp'], description: 'The logo' };

/** The query of the link `POST /module2/getDocumentURL` answers (documents/document-links.ts, visitorDocumentLink). */
const VisitorLinkQuery = z.object({
  customer: z.string().max(100),
  family: z.string().max(100),
  access: z.literal('open').optional().meta({ description: 'Issued through an open-access search link: served only while the customer keeps open access' }),
  expires: z.string().max(12).meta({ description: 'Unix seconds' }),
  signature: z.string().max(100),
});

/** Everything under /module2 but the paper copies (paper-copies/): the customer portal's calls, all public. */
export const publicPortalApi: ApiRoute[] = [
  { method: 'get', path: '/module2/getApprovedCustomers', access: 'public', summary: 'The approved customers', response: ApprovedCustomersResponse },
  { method: 'get', path: '/module2/getApprovedCustomersData', access: 'public', summary: 'The approved customers (the spec’s second name)', response: ApprovedCustomersResponse },
  { method: 'get', path: '/module2/customerLogo/:id', access: 'public', summary: "An approved customer's logo", response: LOGO },
  { method: 'get', path: '/module2/customerName/:name', access: 'public', summary: "A customer's current name, also found by a former one", response: CustomerNameResponse },
  { method: 'get', path: '/module2/getParentLogosForCustomer/:customerName', access: 'public', summary: "The customer page: its product families and notices", response: ParentLogosResponse },
  { method: 'get', path: '/module2/singleCustomerLogoURL/:customerName/:parentChangeId', access: 'public', summary: "One family's page: logos and notices", response: SingleCustomerLogoResponse },
  { method: 'get', path: '/module2/productLogo/:parentChangeId', access: 'public', summary: "A product family's logo", response: LOGO },
  { method: 'get', path: '/module2/geolocation', access: 'public', summary: "The reader's country, from a trusted proxy's header or Accept-Language (no third party)", response: GeolocationResponse },
  { method: 'post', path: '/module2/openSearchLink', access: 'public', summary: "An open-access customer's family search page, without an address", body: OpenSearchLinkBody, response: OpenSearchLinkResponse },
  { method: 'post', path: '/module2/sendSearchURLLink', access: 'public', summary: 'Mails the family’s search link to the reader', body: SendSearchLinkBody, response: MessageOnlyResponse },
  { method: 'post', path: '/module2/checkSearchLink', access: 'public', summary: 'Whether an emailed search link still works, and for what', body: CheckSearchLinkBody, response: CheckSearchLinkResponse },
  { method: 'post', path: '/module2/contactUs', access: 'public', summary: 'Sends the contact form to the ADMINs', body: ContactUsBody, response: MessageOnlyResponse },
  { method: 'post', path: '/module2/searchDocuments', access: 'public', summary: "The public search within a search link's family", body: PublicSearchBody, response: PublicSearchResponse },
  { method: 'post', path: '/module2/searchByIdentifier', access: 'public', summary: "A customer's public documents by what is on the box (GTIN / UDI-DI, part number, lot), in the reader's country", body: IdentifierSearchBody, response: IdentifierSearchResponse },
  { method: 'post', path: '/module2/getDocumentURL', access: 'public', summary: 'A short-lived signed link to one public document (the download is recorded)', body: GetDocumentUrlBody, response: GetDocumentUrlResponse },
  {
    method: 'get',
    path: '/module2/file/:childDocumentId',
    access: 'signed-link',
    summary: 'The document a getDocumentURL link names, with its currency page appended',
    query: VisitorLinkQuery,
    response: { mediaTypes: ['application/pdf'], description: 'The PDF' },
  },
];
