import { CUSTOMER_DOC_SEARCH_KEYS, type CustomerDocSearchParams } from './paths';

// Apart from paths.ts, which the first page needs: only the search page reads a link (bundle budget).

/**
 * Reads the emailed link's parameters: by name, or else by position (customer name, parent change id,
 * encrypted email), so a link written as `?a&b&c` or with other keys still works.
 * Returns null when one of the three is missing.
 */
export function parseCustomerDocSearchParams(search: URLSearchParams): CustomerDocSearchParams | null {
  const entries = [...search.entries()];
  const byNameOrPosition = (key: (typeof CUSTOMER_DOC_SEARCH_KEYS)[number], index: number): string => {
    const named = search.get(key);
    if (named !== null) return named.trim();
    const entry = entries[index];
    if (entry === undefined) return '';
    // `?acme&42&xyz` gives keys with empty values: the key is the value.
    return (entry[1] === '' ? entry[0] : entry[1]).trim();
  };
  const [customerName, parentChangeId, encryptedEmail] = CUSTOMER_DOC_SEARCH_KEYS.map(byNameOrPosition);
  if (!customerName || !parentChangeId || !encryptedEmail) return null;
  return { customerName, parentChangeId, encryptedEmail };
}
