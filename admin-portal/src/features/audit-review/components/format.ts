import { fromDayMonthYear, SIGNATURE_MEANING_LABELS } from '@ifu/contracts';
import type { AuditRecordKind } from '@ifu/contracts';

export const KIND_LABEL: Record<AuditRecordKind, string> = {
  user: 'User',
  customer: 'Customer',
  changeOrder: 'Change Order',
  notice: 'Notice',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `27/11/2026 16:40:01 UTC`: the time as recorded, the date as every screen shows one (spec §9: dd/MM/yyyy). */
export function utcTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

/** The same instant in the viewer's own time zone, named (`27/11/2026 17:40:01 CET`): the date dd/MM/yyyy whatever the browser's locale. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const time = `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return zone ? `${time} ${zone}` : time;
}

/** A day as the server takes it (`21-Nov-2026`, the audit's DD-MMM-YYYY) as the screens show it: `21/11/2026`. */
export function shownAuditDay(text: string): string {
  const day = fromDayMonthYear(text);
  return day ? day.split('-').reverse().join('/') : text;
}

/** A value as the history shows it: an empty one says so. */
export const shown = (value: string) => (value === '' ? '(empty)' : value);

/** What each signature means, in words (the contracts' one list). */
export const MEANING_LABEL = SIGNATURE_MEANING_LABELS;
