// Relative, not '@/': the unit tests (no alias) import this module.
import { paths } from '../config/paths';

/**
 * Where a signed-out user was going (an emailed link to a change order, a page whose session ended): the login page
 * keeps it in its address as `?next=`, and the login (after its second factor, or the set-up of one) goes there instead
 * of the first screen. Only a path of this portal is followed: an absolute or protocol-relative URL (`//host`), a
 * backslash, a control character or a public screen (the login itself, set-password links) is ignored, so the login
 * can never send anyone to another site.
 */
const NEXT = 'next';
const MAX_LENGTH = 2_000;
/** A base of no real host: what resolves to another origin against it was not a path of this portal. */
const ORIGIN = 'https://admin-portal.invalid';

/** The screens a return path never names: the public ones, and the second factor's set-up (reached on its own). */
const NOT_RETURNED_TO = ['/login', '/sendRequest', '/user/', '/second-factor', '/index.html'];

/** `raw` as a path of this portal to return to after the login, or null when it is none. */
export const safeReturnPath = (raw: string | null | undefined): string | null => {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === paths.home.getHref()) return null;
  if (NOT_RETURNED_TO.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** The return path an address's query (`location.search`) carries, if it is a safe one. */
export const returnPathOf = (search: string): string | null => safeReturnPath(new URLSearchParams(search).get(NEXT));

/** `href` with the return path added to its query (nothing added when `to` is not a safe one). */
const withReturnPath = (href: string, to: string | null | undefined): string => {
  const next = safeReturnPath(to);
  return next ? `${href}?${new URLSearchParams({ [NEXT]: next }).toString()}` : href;
};

/** The login page, remembering where the user was going. */
export const loginHref = (to?: string | null): string => withReturnPath(paths.auth.login.getHref(), to);

/** The second factor's set-up, an ADMIN's first stop after the login: it remembers where the user was going. */
export const secondFactorHref = (to?: string | null): string => withReturnPath(paths.app.secondFactor.getHref(), to);

/** Where a login (or the second factor's set-up) goes: the return path its address carries, else the first screen. */
export const afterLoginHref = (search: string): string => returnPathOf(search) ?? paths.home.getHref();

/** The address of the page shown now, as a return path. */
export const currentPath = (location: { pathname: string; search: string; hash: string }): string => `${location.pathname}${location.search}${location.hash}`;
