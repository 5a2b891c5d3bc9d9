/** Every route of the public portal, named once (spec §2.1). */

/** Query parameters of the emailed search link, in the order the spec gives them. */
export type CustomerDocSearchParams = {
  customerName: string;
  parentChangeId: string;
  /** The visitor's email, encrypted by the API (architecture §6); opaque to the portal. */
  encryptedEmail: string;
};

/** The link's parameter names, in order (search-link-params.ts reads them, by name or position). */
export const CUSTOMER_DOC_SEARCH_KEYS = ['customerName', 'parentChangeId', 'encryptedEmail'] as const;

export const paths = {
  docSearch: {
    path: '/docSearch/:customerName',
    getHref: (customerName: string) => `/docSearch/${encodeURIComponent(customerName)}`,
  },
  customerDocSearch: {
    path: '/customerDocSearch',
    getHref: (params: CustomerDocSearchParams) =>
      `/customerDocSearch?${new URLSearchParams(CUSTOMER_DOC_SEARCH_KEYS.map((key) => [key, params[key]])).toString()}`,
  },
  contactUs: {
    path: '/contactus',
    getHref: () => '/contactus',
  },
  paperCopy: {
    path: '/paperCopy/:documentNumber',
    getHref: (documentNumber: string, version?: number) =>
      `/paperCopy/${encodeURIComponent(documentNumber)}${version === undefined ? '' : `?version=${version}`}`,
  },
  notFound: {
    path: '*',
  },
} as const;
