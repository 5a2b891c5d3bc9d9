// The fixed country and language lists (spec §3), some 6 kB gzipped together: only the search area imports them, a
// chunk of its own that loads beside the link check (loadSearchArea in search-page.tsx; see src/app/router.tsx).
// Imported by file: the package exports only its root (which brings zod) and './public'.
import { COUNTRIES } from '../../../../services/contracts/src/countries';
import { LANGUAGES } from '../../../../services/contracts/src/languages';

export { COUNTRIES, LANGUAGES };

const byCode = (list: readonly { code: string; name: string }[]) => new Map(list.map((entry) => [entry.code.toLowerCase(), entry.name]));
const COUNTRY_NAMES = byCode(COUNTRIES);
const LANGUAGE_NAMES = byCode(LANGUAGES);

/** 'DE,fr' → 'Germany, France'-style names of a comma-separated code list; an unknown code stays as it is. */
export function namesOf(kind: 'country' | 'language', codes: string): string {
  const names = kind === 'country' ? COUNTRY_NAMES : LANGUAGE_NAMES;
  return codes
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .map((code) => names.get(code.toLowerCase()) ?? code)
    .join(', ');
}

export const isCountryCode = (code: string) => COUNTRY_NAMES.has(code.toLowerCase());
export const LANGUAGE_CODES: ReadonlySet<string> = new Set(LANGUAGES.map((language) => language.code));
