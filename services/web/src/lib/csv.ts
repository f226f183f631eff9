/** One cell of a CSV file. */
export type CsvCell = string | number | null;

/** A cell quoted when it holds a separator, quote or line break (RFC 4180); quotes doubled. */
function cell(value: CsvCell): string {
  if (value === null) return '';
  const text = String(value);
  // A leading = + - @ would be read as a formula by a spreadsheet; a quote mark keeps it text.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header row then the rows, CRLF between lines as RFC 4180 has it. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves the text as a file through the browser's download (a UTF-8 byte order mark lets spreadsheets read accents and CJK). */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
