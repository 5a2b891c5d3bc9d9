const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant (ISO 8601) as a message a screen shows says it: `dd/MM/yyyy HH:mm UTC` (spec §9: every screen shows dates
 * dd/MM/yyyy; the audit report writes them DD-MMM-YYYY). Any other text is said as it is.
 */
export function shownUtcMinute(iso: string): string {
  const at = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}
