import { COUNTRIES, LANGUAGES } from '@ifu/contracts';
import { format, isValid } from 'date-fns';

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const LANGUAGE_NAMES: ReadonlyMap<string, string> = new Map(LANGUAGES.map((language) => [language.code, language.name]));

const names = (list: string | readonly string[], known: ReadonlyMap<string, string>) =>
  (typeof list === 'string' ? list.split(',') : list)
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => known.get(code) ?? code)
    .join(', ');

/** `DE,US` → `Germany, United States`. */
export const countryNames = (list: string | readonly string[]) => names(list, COUNTRY_NAMES);
/** `de,en` → `German, English`. */
export const languageNames = (list: string | readonly string[]) => names(list, LANGUAGE_NAMES);

/** Dates are shown dd/MM/yyyy (spec §9). */
export const displayDate = (date: Date | null | undefined) => (date && isValid(date) ? format(date, 'dd/MM/yyyy') : '');

/** isInternal true is Offline, false Online (spec §3). */
export const accessibilityLabel = (isInternal: boolean) => (isInternal ? 'Offline' : 'Online');
