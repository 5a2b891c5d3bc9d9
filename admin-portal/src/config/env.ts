import { z } from 'zod';

/**
 * Runtime configuration. The static server publishes `/config.json`
 * (`{ "apiUrl": "http://localhost:8080" }`) so one build serves every environment;
 * without it the build-time `VITE_API_URL` applies, then the local default.
 */
const DEFAULT_API_URL = 'http://localhost:8080';

const ApiUrl = z
  .url({ protocol: /^https?$/, error: 'apiUrl must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const RuntimeConfig = z.object({ apiUrl: ApiUrl });
export type Env = z.infer<typeof RuntimeConfig>;

let env: Env | undefined;

const fromBuild = (): Env => {
  const fromVite = import.meta.env.VITE_API_URL;
  if (fromVite) {
    const parsed = ApiUrl.safeParse(fromVite);
    if (parsed.success) return { apiUrl: parsed.data };
    console.warn(`[config] VITE_API_URL is invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return { apiUrl: DEFAULT_API_URL };
};

const fetchRuntimeConfig = async (): Promise<Env | undefined> => {
  let body: unknown;
  try {
    const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    body = await response.json();
  } catch {
    // Missing file, or the dev server's SPA fallback answering with HTML.
    return undefined;
  }
  const parsed = RuntimeConfig.safeParse(body);
  if (parsed.success) return parsed.data;
  console.warn(`[config] /config.json is invalid, using the build default:\n${z.prettifyError(parsed.error)}`);
  return undefined;
};

/** Loads the configuration once, before the app renders. */
export const loadEnv = async (): Promise<Env> => {
  env = (await fetchRuntimeConfig()) ?? fromBuild();
  return env;
};

/** The loaded configuration (the build default if `loadEnv` has not run, e.g. in tests). */
export const getEnv = (): Env => {
  env ??= fromBuild();
  return env;
};
