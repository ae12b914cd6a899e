/**
 * The CSV file of comments: UTF-8 with a byte-order mark (so spreadsheet programs read accents and emoji
 * right), RFC 4180 quoting by `csv-stringify`, and spreadsheet formula injection neutralised: a cell that
 * starts with =, +, -, @, a tab or a carriage return is prefixed with a single quote, so Excel, LibreOffice
 * and Google Sheets show it as text instead of running it (OWASP "CSV injection").
 */
import { stringify } from 'csv-stringify/sync'

export const CSV_COLUMNS = [
  'id',
  'link',
  'page/path',
  'comment',
  'author',
  'status',
  'labels',
  'assignee',
  'created',
  'replies',
  'exported date',
  // App addresses: they open for whoever may read the comment (decision 055), never for anyone else.
  'screenshot',
  'screenshot after',
] as const

export type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number>

const FORMULA_START = /^[=+\-@\t\r]/

/** A cell a spreadsheet would evaluate as a formula, made inert. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

export function commentsCsv(rows: readonly CsvRow[]): string {
  return stringify(
    rows.map((row) => CSV_COLUMNS.map((column) => neutralizeFormula(String(row[column])))),
    {
      bom: true,
      header: true,
      columns: [...CSV_COLUMNS],
      record_delimiter: '\r\n',
      quoted_match: /[",\r\n]/,
    },
  )
}
