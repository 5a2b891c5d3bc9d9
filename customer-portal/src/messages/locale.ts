/**
 * The portal's languages. The English catalogues (common.ts, search.ts, ...) are the spec's texts
 * and the source of every key; a translation (translations/de.ts, ...) gives the same keys in another language and is
 * a chunk of its own, loaded only for a reader of that language (the first page carries one language: bundle budget).
 *
 * Each catalogue object is live: `localized` hands out a copy of its English texts, and `applyLanguage` overwrites
 * the copies' entries with the chosen language's, so that components keep reading `text.key` at render time and a
 * catalogue whose chunk loads later (a lazy page) starts in the chosen language too. A component therefore reads a
 * text when it renders, never into a constant at module load.
 */

export const PORTAL_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

/** Each language's own name, as a reader looks for it in the switcher. */
export const LANGUAGE_AUTONYMS: Record<PortalLanguage, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano' };

/** All five are written left to right; `dir` is still set from here, so that a right-to-left language only adds a line. */
const DIRECTION: Record<PortalLanguage, 'ltr' | 'rtl'> = { en: 'ltr', de: 'ltr', fr: 'ltr', es: 'ltr', it: 'ltr' };

/** A catalogue's entries: texts, and functions that make a text of their arguments (placeholders). */
type Entries = Record<string, string | ((...args: never[]) => string)>;

/** A catalogue's shape in any language: the English keys, a text or a function of the same arguments for each. */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The catalogues by name, as the translations give them. */
export type AreaName = 'common' | 'docSearchText' | 'searchText' | 'contactText' | 'otherPagesText' | 'paperCopyText';
type Translation = Partial<Record<AreaName, Entries>>;

const areas = new Map<AreaName, { live: Entries; english: Entries }>();
let active: { language: PortalLanguage; translation: Translation } = { language: 'en', translation: {} };

/** The live catalogue of `area`: English until a language is applied, then that language's texts. */
export function localized<T extends Entries>(area: AreaName, english: T): Texts<T> {
  const live: Entries = { ...english, ...active.translation[area] };
  areas.set(area, { live, english });
  return live as Texts<T>;
}

const loaders: Record<Exclude<PortalLanguage, 'en'>, () => Promise<{ translation: Translation }>> = {
  de: () => import('./translations/de'),
  fr: () => import('./translations/fr'),
  es: () => import('./translations/es'),
  it: () => import('./translations/it'),
};

export const isPortalLanguage = (code: string): code is PortalLanguage => (PORTAL_LANGUAGES as readonly string[]).includes(code);

export const currentLanguage = (): PortalLanguage => active.language;

/**
 * Loads `language`'s catalogue (English needs none) and puts its texts in every live catalogue, with `<html lang>`
 * and `dir`. A catalogue that cannot be loaded (offline) leaves the portal in English, which is answered.
 */
export async function applyLanguage(language: PortalLanguage): Promise<PortalLanguage> {
  let translation: Translation = {};
  if (language !== 'en') {
    try {
      translation = (await loaders[language]()).translation;
    } catch {
      language = 'en';
    }
  }
  active = { language, translation };
  for (const [area, { live, english }] of areas) Object.assign(live, english, translation[area]);
  document.documentElement.lang = language;
  document.documentElement.dir = DIRECTION[language];
  return language;
}

/** Where the reader's pick is remembered. */
export const LANGUAGE_STORAGE_KEY = 'ifu-portal.language';
/** The address's parameter that names the language: it wins over the remembered pick and the browser's languages. */
export const LANGUAGE_PARAM = 'lang';

/**
 * The language to show: `?lang=` when it names one of the five, else the reader's remembered pick, else the first of
 * the browser's languages (navigator.languages, what it sends as Accept-Language) that the portal speaks, else English.
 */
export function chooseLanguage(facts: { search: string; stored: string | null; browser: readonly string[] }): PortalLanguage {
  const asked = new URLSearchParams(facts.search).get(LANGUAGE_PARAM)?.trim().toLowerCase() ?? '';
  if (isPortalLanguage(asked)) return asked;
  if (facts.stored !== null && isPortalLanguage(facts.stored)) return facts.stored;
  for (const tag of facts.browser) {
    const primary = tag.split(/[-_]/)[0]!.trim().toLowerCase();
    if (isPortalLanguage(primary)) return primary;
  }
  return 'en';
}

/** The remembered pick, or null (storage may be blocked). */
export function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: PortalLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the pick holds for this visit (and in the address).
  }
}

/** A query without its `lang` parameters ('?a=1&lang=de' → 'a=1'): what the page's own parameters are read from. */
export function withoutLanguage(search: string): string {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0]!.toLowerCase() !== LANGUAGE_PARAM)
    .join('&');
}

/**
 * The current address with `?lang=` set to `language`: the same page and query, in another language. The query is
 * kept as written (an emailed link's token is not decoded and encoded again); only a `lang` parameter is replaced.
 */
export function addressIn(language: PortalLanguage, location: { pathname: string; search: string; hash: string }): string {
  const kept = withoutLanguage(location.search);
  return `${location.pathname}?${kept ? `${kept}&` : ''}${LANGUAGE_PARAM}=${language}${location.hash}`;
}
