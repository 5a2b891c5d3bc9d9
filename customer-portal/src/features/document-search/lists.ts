// The fixed country and language lists (spec §3), some 6 kB gzipped together: only the search area imports them, a
// chunk of its own that loads beside the link check (loadSearchArea in search-page.tsx; see src/app/router.tsx).
// Imported by file: the package exports only its root (which brings zod) and './public'.
import { COUNTRIES } from '../../../../services/contracts/src/countries';
import { LANGUAGES } from '../../../../services/contracts/src/languages';

export { COUNTRIES, LANGUAGES };

const byCode = (list: readonly { code: string; name: string }[]) => new Map(list.map((entry) => [entry.code.toLowerCase(), entry.name]));
const COUNTRY_NAMES = byCode(COUNTRIES);
const LANGUAGE_NAMES = byCode(LANGUAGES);

/** The browser's names of languages and countries in the portal's language (Intl.DisplayNames: no bytes of ours). */
const displayNames = new Map<string, { language?: Intl.DisplayNames; country?: Intl.DisplayNames }>();
function namer(kind: 'country' | 'language', inLanguage: string): Intl.DisplayNames | undefined {
  let names = displayNames.get(inLanguage);
  if (names === undefined) {
    names = {};
    try {
      names = { language: new Intl.DisplayNames([inLanguage], { type: 'language' }), country: new Intl.DisplayNames([inLanguage], { type: 'region' }) };
    } catch {
      // An old browser: the lists' English names.
    }
    displayNames.set(inLanguage, names);
  }
  return names[kind];
}

/** A code's name in `inLanguage` (the portal's), else the list's English name, else the code as it is. */
export function nameOf(kind: 'country' | 'language', code: string, inLanguage = 'en'): string {
  const english = (kind === 'country' ? COUNTRY_NAMES : LANGUAGE_NAMES).get(code.toLowerCase());
  if (inLanguage === 'en' || english === undefined) return english ?? code;
  try {
    const name = namer(kind, inLanguage)?.of(kind === 'country' ? code.toUpperCase() : code.toLowerCase());
    return name && name.toLowerCase() !== code.toLowerCase() ? name : english;
  } catch {
    return english;
  }
}

/** 'DE,fr' → 'Germany, France'-style names of a comma-separated code list; an unknown code stays as it is. */
export function namesOf(kind: 'country' | 'language', codes: string, inLanguage = 'en'): string {
  return codes
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .map((code) => nameOf(kind, code, inLanguage))
    .join(', ');
}

const sortedLists = new Map<string, { languages: { code: string; name: string }[]; countries: { code: string; name: string }[] }>();
/** The form's two lists with their names in `inLanguage`, sorted as that language sorts. */
export function listsIn(inLanguage: string) {
  let lists = sortedLists.get(inLanguage);
  if (lists === undefined) {
    const named = (kind: 'country' | 'language', list: readonly { code: string }[]) =>
      list.map(({ code }) => ({ code, name: nameOf(kind, code, inLanguage) })).sort((a, b) => a.name.localeCompare(b.name, inLanguage));
    lists = { languages: named('language', LANGUAGES), countries: named('country', COUNTRIES) };
    sortedLists.set(inLanguage, lists);
  }
  return lists;
}

export const isCountryCode = (code: string) => COUNTRY_NAMES.has(code.toLowerCase());
export const LANGUAGE_CODES: ReadonlySet<string> = new Set(LANGUAGES.map((language) => language.code));
