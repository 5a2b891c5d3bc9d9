/**
 * The internal search's criteria (spec §2.8) in its three shapes: the form's values, the address of the page (so that
 * Back from a document returns to its results) and the body of POST /document/searchDocuments/.
 */

/** The form: Search field, ChangeOrder Number, Product Name, Customer Name (an approved customer's name), Archive Search. */
export interface SearchFormValues {
  keywords: string;
  changeOrderNo: string;
  productName: string;
  customerName: string;
  isArchieveSearch: boolean;
}

/** What is sent: the spec's field names (§7.3), every text trimmed, all five always present. */
export type SearchRequest = SearchFormValues;

type TextField = Exclude<keyof SearchFormValues, 'isArchieveSearch'>;

/** The longest text each field takes (the contract's limits): the inputs stop there and the address is cut there. */
export const SEARCH_FIELD_MAX: Record<TextField, number> = {
  keywords: 200,
  changeOrderNo: 40,
  productName: 200,
  customerName: 200,
};

const TEXT_FIELDS = Object.keys(SEARCH_FIELD_MAX) as TextField[];
const ARCHIVE = 'isArchieveSearch';

export const EMPTY_SEARCH: SearchFormValues = {
  keywords: '',
  changeOrderNo: '',
  productName: '',
  customerName: '',
  isArchieveSearch: false,
};

/** The body to send for the form's values. */
export const searchRequestOf = (values: SearchFormValues): SearchRequest => ({
  keywords: values.keywords.trim(),
  changeOrderNo: values.changeOrderNo.trim(),
  productName: values.productName.trim(),
  customerName: values.customerName.trim(),
  isArchieveSearch: values.isArchieveSearch,
});

/**
 * The address of a submitted search: its non-empty texts, and always `isArchieveSearch`, which marks that a search
 * was submitted (even one with every field empty).
 */
export const searchParamsOf = (request: SearchRequest): URLSearchParams => {
  const params = new URLSearchParams();
  for (const field of TEXT_FIELDS) if (request[field]) params.set(field, request[field]);
  params.set(ARCHIVE, String(request.isArchieveSearch));
  return params;
};

/** The search an address holds, or undefined when it holds none (the page before any Submit). */
export const searchRequestFromParams = (params: URLSearchParams): SearchRequest | undefined => {
  if (![...TEXT_FIELDS, ARCHIVE].some((field) => params.has(field))) return undefined;
  const text = (field: TextField) => (params.get(field) ?? '').trim().slice(0, SEARCH_FIELD_MAX[field]).trim();
  return {
    keywords: text('keywords'),
    changeOrderNo: text('changeOrderNo'),
    productName: text('productName'),
    customerName: text('customerName'),
    isArchieveSearch: params.get(ARCHIVE) === 'true',
  };
};

/** Whether two searches ask the same. */
export const sameSearch = (a: SearchRequest | undefined, b: SearchRequest | undefined): boolean =>
  a !== undefined && b !== undefined && searchParamsOf(a).toString() === searchParamsOf(b).toString();
