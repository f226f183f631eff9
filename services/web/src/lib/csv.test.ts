import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv';

describe('the CSV writer', () => {
  it('writes a header row then the rows, CRLF-separated', () => {
    expect(toCsv(['Name', 'Scans'], [['Germany', 12], ['Japan', 3]])).toBe('Name,Scans\r\nGermany,12\r\nJapan,3\r\n');
  });

  it('quotes separators, quotes and line breaks, and leaves null cells empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['Jacket, "trail"', 'two\nlines', null]])).toBe('a,b,c\r\n"Jacket, ""trail""","two\nlines",\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text, numbers as numbers', () => {
    expect(toCsv(['x', 'n'], [['=HYPERLINK("x")', -4]])).toBe('x,n\r\n"\'=HYPERLINK(""x"")",-4\r\n');
  });
});
