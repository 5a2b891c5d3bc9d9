/** Spec §8: what a call that never reached the server says. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * 'Network Error', and what to do when the likely cause is the address the portal was opened at:
 * a portal opened under one loopback name (http://127.0.0.1:3000) while the API it calls is configured under
 * another (http://localhost:8080) is refused by the API's CORS check outside development, and the browser says only
 * that the call failed. Then the message names the address to open instead: the same page under the API's name.
 */
export const networkErrorMessage = (pageUrl: string, apiUrl: string): string => {
  let page: URL;
  let api: URL;
  try {
    page = new URL(pageUrl);
    api = new URL(apiUrl);
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
  const bothLoopback = LOOPBACK_NAMES.includes(page.hostname) && LOOPBACK_NAMES.includes(api.hostname);
  if (!bothLoopback || page.hostname === api.hostname) return NETWORK_ERROR_MESSAGE;
  const there = new URL(page.href);
  there.hostname = api.hostname;
  return `${NETWORK_ERROR_MESSAGE}: the server did not answer the portal at ${page.host}. Open the portal at ${there.origin}${there.pathname} (the address it is configured for).`;
};
