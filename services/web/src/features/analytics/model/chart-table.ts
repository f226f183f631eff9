import { toCsv, type CsvCell } from '@/lib/csv';

/**
 * The numbers a chart draws, as one table: the chart, its accessible data table and its CSV file
 * are all made from it, so that the three never disagree.
 */
export interface ChartTable {
  /** Column headings, in the UI language. */
  columns: string[];
  rows: CsvCell[][];
}

export function chartCsv(table: ChartTable): string {
  return toCsv(table.columns, table.rows);
}

/** A file name of the chart and range: `scans-by-country_2026-10-26_2026-11-24.csv`. */
export function csvFileName(chart: string, from: string, to: string): string {
  return `${chart}_${from}_${to}.csv`;
}

/** A share in per cent with one decimal (`12.5`), 0 when the whole is 0. */
export function sharePercent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
