import { useLayoutEffect, type ReactNode, type RefObject } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Router, useLocation as useWouterLocation, type AroundNavHandler, type Path } from 'wouter';
import { navigate as browserNavigate, useLocationProperty, usePathname } from 'wouter/use-browser-location';

/**
 * The portal's router is wouter (react-router-dom did not fit the first page's 85 kB budget: customer-portal/README.md).
 * What is ours on top of it, kept from the router the portal had before: paths match case-insensitively, trailing
 * slashes ignored, each `:param` URL-decoded whole; a link to the address shown replaces it; a new entry remembers the
 * page it was left from (cameFrom); after a step the window scrolls to the top and focus moves to `main`.
 */

export type AppLocation = { readonly pathname: string; readonly search: string; readonly hash: string };

/**
 * The path wouter matches on: trailing slashes dropped, and every `%` escaped, because wouter decodes the path with
 * decodeURI before matching (a `%25` would become `%` and a `%26` stay): escaped, it matches on the path as the
 * browser gives it, and each parameter is decoded once, whole (see decodeParams).
 */
const withoutTrailingSlashes = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');
const routedPath = (pathname: string) => withoutTrailingSlashes(pathname).replaceAll('%', '%25');

const useRoutedLocation = (options?: { ssrPath?: Path }): [Path, typeof browserNavigate] => [routedPath(usePathname(options)), browserNavigate];

/** The named parameters (not wouter's positional ones, nor `*`), each URL-decoded; one that cannot be is kept as it is. */
function decodeParams(params: Record<string, string | undefined>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || !/^[a-z]\w*$/i.test(name)) continue;
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded;
}

/**
 * The parameters when `pattern` ('/a/:name', '/a' or '*') matches `pathname` (as the browser gives it, encoded) as the
 * routes match it, else null. Outside React too (main.tsx starts the first page's chunk before the first render).
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const [matches, params] = matchRoute(parse, pattern, withoutTrailingSlashes(pathname));
  return matches ? decodeParams(params) : null;
}

/** A route's parameters, decoded like matchPath's. */
export const routeParams = decodeParams;

type EntryState = { portalFrom: string };

/** What the next commit of a new address does: set by a link or navigate(), not by the browser's back and forward. */
let pending: { focus: boolean } | undefined;

/** Whether `to` names the address the browser shows (a link to it then replaces the entry, as react-router did). */
export function isCurrent(to: string, location: { href: string } = window.location): boolean {
  return new URL(to, location.href).href === new URL(location.href).href;
}

/**
 * Every step through wouter (its Link, its navigate): a link to the address shown replaces it; a new entry remembers
 * the page it was left from (cameFrom), a replaced one keeps what the entry had; the page that follows starts at its
 * top (useNavigationReset).
 */
const aroundNav: AroundNavHandler = (navigate, to, options) => {
  const replace = options?.replace ?? isCurrent(to);
  const from = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const state: unknown = replace ? window.history.state : ({ portalFrom: from } satisfies EntryState);
  pending = { focus: !replace };
  navigate(to, { replace, state });
};

/** The portal's routes and links: wouter, with the portal's path rules and steps (`ssrPath`: an address outside a browser, for tests). */
export function PortalRouter({ children, ssrPath }: { children: ReactNode; ssrPath?: string }) {
  return (
    <Router hook={useRoutedLocation} parser={parse} aroundNav={aroundNav} ssrPath={ssrPath}>
      {children}
    </Router>
  );
}

const readPathname = () => window.location.pathname;
const readSearch = () => window.location.search;
const readHash = () => window.location.hash;

/** The address shown, as the browser gives it (wouter's own useSearch decodes the query once more). */
export function useLocation(): AppLocation {
  const pathname = useLocationProperty(readPathname);
  const search = useLocationProperty(readSearch);
  const hash = useLocationProperty(readHash);
  return { pathname, search, hash };
}

/** Goes to `to` (a path of this portal) without reloading, as a link would. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useWouterLocation()[1];
}

/**
 * The page of this portal the visitor followed a link from to reach the current entry (path, query and hash), or
 * undefined when they arrived otherwise (an email, a bookmark, another site). Kept in the entry's history state, so
 * it survives a reload; the entry before this one is that page, so history.back() returns to it.
 */
export function cameFrom(): string | undefined {
  const state: unknown = window.history.state;
  const from = typeof state === 'object' && state !== null ? (state as Partial<EntryState>).portalFrom : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

/**
 * After a link or navigate() has put a new page on screen: the window scrolls to its top, and after a visitor's own
 * step (a link, not a redirect) focus moves to `main` (tabIndex -1), so that the next Tab and a screen reader start
 * in the new page rather than on a link that is gone. Back and forward are left to the browser.
 */
export function useNavigationReset(main: RefObject<HTMLElement | null>): void {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    if (pending === undefined) return;
    const { focus } = pending;
    pending = undefined;
    window.scrollTo(0, 0);
    const focused = document.activeElement;
    if (focus || focused === null || focused === document.body) main.current?.focus({ preventScroll: true });
  }, [pathname, search, hash, main]);
}

export type ClickFacts = { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean; defaultPrevented: boolean };

/**
 * Whether a click on a link is the portal's to handle: a plain left click only. A modifier key (new tab, new window,
 * download), another button, a target other than _self or a download link are the browser's.
 */
export function isPlainLeftClick(event: ClickFacts, anchor: { target?: string; download?: unknown } = {}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!anchor.target || anchor.target === '_self') &&
    anchor.download === undefined
  );
}

/** wouter's Link: a real `<a href>` (open in a new tab, copy the address) that a plain left click follows in place. */
export { Link } from 'wouter';
