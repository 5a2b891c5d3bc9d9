import type { Config } from '../platform/config';

/** An approved customer's public search URL (spec §2.4): the customer portal's page named after the customer. */
export const searchUrlOf = (config: Pick<Config, 'PUBLIC_CUSTOMER_URL'>, customerName: string): string =>
  `${config.PUBLIC_CUSTOMER_URL}/docSearch/${encodeURIComponent(customerName)}`;
