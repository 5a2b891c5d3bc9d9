const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Parses the spec's DD-MMM-YYYY (e.g. 21-Nov-2026) as the start of that UTC day; undefined when it is not one. */
export function parseAuditDate(text: string): Date | undefined {
  const match = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[2]!.toLowerCase());
  if (month < 0) return undefined;
  const day = Number(match[1]);
  const year = Number(match[3]);
  const date = new Date(Date.UTC(year, month, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month) return undefined;
  return date;
}

export function formatAuditDate(date: Date): string {
  return `${String(date.getUTCDate()).padStart(2, '0')}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
}
