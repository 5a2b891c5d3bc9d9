import { CHILD_DOCUMENT_FIELDS, COUNTRIES, LANGUAGES, SIGNATURE_MEANING_LABELS } from '@ifu/contracts';

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const LANGUAGE_NAMES: ReadonlyMap<string, string> = new Map(LANGUAGES.map((language) => [language.code, language.name]));

const codes = (list: string): string[] =>
  list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/** A child's `countryList` ('US,DE') as 'United States, Germany'; an unknown code is shown as it is. */
export const countryListNames = (list: string): string =>
  codes(list)
    .map((code) => COUNTRY_NAMES.get(code.toUpperCase()) ?? code)
    .join(', ');

/** A child's `languageList` ('en,de') as 'English, German'; an unknown code is shown as it is. */
export const languageListNames = (list: string): string =>
  codes(list)
    .map((code) => LANGUAGE_NAMES.get(code.toLowerCase()) ?? code)
    .join(', ');

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An effective date (a calendar day, `YYYY-MM-DD`) shown dd/MM/y (spec §2.9, §9): the day as recorded, never moved
 * by the viewer's time zone. Anything else is shown as it is.
 */
export const formatEffectiveDate = (day: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${Number(match[1])}` : day;
};

/** A signature time as recorded, in UTC: 'dd/MM/yyyy HH:mm:ss UTC'; the text as it is when it is not a time. */
export const formatUtcDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
};


/**
 * The child's `associatedReferenceNumber`, by one name on every staff screen: the spec's validation text
 * and approval modal call it IFU Number ('Enter IFU Number (lot number)'); helper text says it is the lot number.
 */
export const IFU_NUMBER = 'IFU Number';

/** Accessibility (spec §3): isInternal true is Offline, false is Online. */
export const accessibilityLabel = (isInternal: boolean): 'Online' | 'Offline' => (isInternal ? 'Offline' : 'Online');

/** A child's fields by the labels every screen and the audit trail use (the contracts' one list). */
const VERSION_FIELD_LABEL: Record<string, string> = Object.fromEntries(Object.entries(CHILD_DOCUMENT_FIELDS).map(([field, { label }]) => [field, label]));

/**
 * One change between two versions of a child, in words: the field's label, and its old and new values as the view
 * shows them (country and language names; a file's SHA-256 shortened to its first 12 characters).
 */
export const versionChange = (change: { field: string; old: string; new: string }): { label: string; old: string; new: string } => {
  const show = (value: string) => {
    if (change.field === 'countryList') return countryListNames(value);
    if (change.field === 'languageList') return languageListNames(value);
    if (change.field === 'sha256') return value.slice(0, 12);
    return value;
  };
  return { label: VERSION_FIELD_LABEL[change.field] ?? change.field, old: show(change.old), new: show(change.new) };
};

/** What each signature means, in words (the contracts' one list). */
export const SIGNATURE_MEANING_LABEL = SIGNATURE_MEANING_LABELS;
