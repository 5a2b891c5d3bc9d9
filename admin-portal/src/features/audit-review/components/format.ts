import { SIGNATURE_MEANING_LABELS } from '@ifu/contracts';
import type { AuditRecordKind } from '@ifu/contracts';

export const KIND_LABEL: Record<AuditRecordKind, string> = {
  user: 'User',
  customer: 'Customer',
  changeOrder: 'Change Order',
  notice: 'Notice',
};


const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `27-Nov-2026 16:40:01 UTC`: the time as recorded. */
export function utcTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getUTCDate())}-${MONTHS[at.getUTCMonth()]}-${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

/** The same instant in the viewer's own time zone, named. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  // dateStyle and timeStyle cannot be combined with timeZoneName: the parts are named one by one.
  return at.toLocaleString(undefined, { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });
}

/** A value as the history shows it: an empty one says so. */
export const shown = (value: string) => (value === '' ? '(empty)' : value);

/** What each signature means, in words (the contracts' one list). */
export const MEANING_LABEL = SIGNATURE_MEANING_LABELS;
