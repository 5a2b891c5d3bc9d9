/** 'YYYY-MM-DD' (the API's effective date) shown as dd/MM/yyyy (spec §9); anything else is shown as it came. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}
