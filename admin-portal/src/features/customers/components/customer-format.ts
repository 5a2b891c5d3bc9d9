import { COUNTRIES } from '@ifu/contracts';

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** The codes of a comma-separated `countryExclusionList`. */
export const countryCodes = (list: string): string[] =>
  list
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** 'US,DE' as 'United States, Germany'; an unknown code is shown as it is. */
export const countryNames = (list: string): string =>
  countryCodes(list)
    .map((code) => COUNTRY_NAMES.get(code) ?? code)
    .join(', ');

const pad = (value: number) => String(value).padStart(2, '0');

const parse = (iso: string | null | undefined): Date | undefined => {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A date shown dd/MM/yyyy (spec §9), in the viewer's time zone; '' when absent. */
export const formatDate = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
};

/** A signature time as recorded, in UTC: 'dd/MM/yyyy HH:mm UTC'; '' when absent. */
export const formatUtcDateTime = (iso: string | null | undefined): string => {
  const date = parse(iso);
  if (!date) return '';
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
};

/** Only digits are stored; shown as stored. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
