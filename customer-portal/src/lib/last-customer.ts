/**
 * The customer whose page (or search page) the visitor last saw in this tab: Contact US offers the way back to it
 * when the visitor reached Contact US otherwise than by a link of the portal (a reload keeps cameFrom; a new tab
 * does not). Only the customer's name, in the tab's session storage; never the search link.
 */
const KEY = 'ifu-portal.last-customer';

export function rememberCustomer(customerName: string): void {
  try {
    window.sessionStorage.setItem(KEY, customerName);
  } catch {
    // Storage refused (a private window's quota, a policy): the way back is only less specific.
  }
}

export function lastCustomer(): string | undefined {
  try {
    return window.sessionStorage.getItem(KEY) || undefined;
  } catch {
    return undefined;
  }
}
