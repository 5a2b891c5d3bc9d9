import type { Config } from './config';

/** The names of this machine's loopback interface as a browser writes them in an origin. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

const isLoopback = (hostname: string) => (LOOPBACK_NAMES as readonly string[]).includes(hostname);

/** The same origin under each other loopback name: `http://localhost:3000` gives `http://127.0.0.1:3000` and `http://[::1]:3000`. */
const loopbackTwins = (origin: string): string[] => {
  const url = new URL(origin);
  if (!isLoopback(url.hostname)) return [];
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => {
    const twin = new URL(origin);
    twin.hostname = name;
    return twin.origin;
  });
};

/**
 * The origins the API answers cross-origin calls from (CORS): the two portals as configured (PUBLIC_ADMIN_URL,
 * PUBLIC_CUSTOMER_URL). Outside production a portal configured on a loopback name is accepted under the other
 * loopback names too, on the same port: a developer who opens http://127.0.0.1:3000 where
 * http://localhost:3000 is configured can log in. Production accepts exactly the configured origins.
 */
export function corsOrigins(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_ADMIN_URL' | 'PUBLIC_CUSTOMER_URL'>): string[] {
  const configured = [config.PUBLIC_ADMIN_URL, config.PUBLIC_CUSTOMER_URL].map((url) => new URL(url).origin);
  const accepted = config.NODE_ENV === 'production' ? configured : [...configured, ...configured.flatMap(loopbackTwins)];
  return [...new Set(accepted)];
}
