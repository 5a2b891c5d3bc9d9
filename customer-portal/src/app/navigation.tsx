import { useLayoutEffect, useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type RefObject } from 'react';

/**
 * The portal's router: the browser's address is the only state (History API), read with useSyncExternalStore.
 * Four routes and plain links need no more; react-router cost some 14 kB gzipped of the first page's 85 kB budget.
 * Paths match as react-router matched them: case-insensitively, trailing slashes ignored, each segment URL-decoded.
 */

export type AppLocation = { readonly pathname: string; readonly search: string; readonly hash: string };

const listeners = new Set<() => void>();
let current: AppLocation | undefined;
/** What the next commit of a new address does: set by navigate(), not by the browser's back and forward. */
let pending: { focus: boolean } | undefined;

function readLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  // One object per address: useSyncExternalStore compares snapshots by identity.
  if (current?.pathname !== pathname || current.search !== search || current.hash !== hash) current = { pathname, search, hash };
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, readLocation);
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export type NavigateOptions = { replace?: boolean };

/** Goes to `to` (a path of this portal) without reloading; another origin is left to the browser. */
export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location[replace ? 'replace' : 'assign'](url.href);
    return;
  }
  // A new entry remembers the page it was left from (cameFrom); a replaced one keeps what the entry had.
  const from = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  try {
    if (replace) window.history.replaceState(window.history.state, '', url.href);
    else window.history.pushState({ portalFrom: from } satisfies EntryState, '', url.href);
  } catch {
    // Safari limits how often the history may change; a full load still reaches the page.
    window.location[replace ? 'replace' : 'assign'](url.href);
    return;
  }
  pending = { focus: !replace };
  for (const listener of listeners) listener();
}

type EntryState = { portalFrom: string };

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

export function useNavigate(): typeof navigate {
  return navigate;
}

/**
 * After navigate() has put a new page on screen: the window scrolls to its top, and after a visitor's own step (a
 * link, not a redirect) focus moves to `main` (tabIndex -1), so that the next Tab and a screen reader start in the new
 * page rather than on a link that is gone. Back and forward are left to the browser (no scroll restoration of ours).
 */
export function useNavigationReset(main: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  useLayoutEffect(() => {
    if (pending === undefined) return;
    const { focus } = pending;
    pending = undefined;
    window.scrollTo(0, 0);
    const focused = document.activeElement;
    if (focus || focused === null || focused === document.body) main.current?.focus({ preventScroll: true });
  }, [location, main]);
}

/**
 * The parameters when `pattern` ('/a/:name', '/a' or '*') matches `pathname` (as the browser gives it, encoded), else
 * null. Literal segments compare case-insensitively, trailing slashes are ignored, a parameter is one non-empty
 * segment, URL-decoded (a path that cannot be decoded is matched as it is, as react-router did).
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const wanted = pattern.split('/');
  const raw = pathname.replace(/(.)\/+$/, '$1').split('/');
  if (raw.length !== wanted.length) return null;
  let segments: string[];
  try {
    segments = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    segments = raw;
  }
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = segment;
    } else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
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

/** Whether `to` names the address the browser shows (a link to it then replaces the entry, as react-router did). */
export function isCurrent(to: string, location: { href: string } = window.location): boolean {
  return new URL(to, location.href).href === new URL(location.href).href;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A real `<a href>` (open in a new tab, copy the address) that a plain left click follows without a reload. */
export function Link({ to, replace, onClick, ...anchor }: LinkProps) {
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event, anchor) || new URL(to, window.location.href).origin !== window.location.origin) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? isCurrent(to) });
      }}
    />
  );
}
