/**
 * One RFC 4180 CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return) is prefixed with an apostrophe (OWASP CSV injection advice).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;
