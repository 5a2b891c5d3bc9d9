const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar day (`YYYY-MM-DD`, as the API answers one) as every staff screen shows a date: dd/MM/yyyy (spec §9),
 * the day as recorded whatever the viewer's time zone. Any other text is shown as it is.
 */
export const shownDay = (day: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
};

/** An instant (ISO 8601) as recorded, in UTC: `dd/MM/yyyy HH:mm UTC`; any other text as it is. */
export const shownUtcMinute = (iso: string): string => {
  const at = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
};
