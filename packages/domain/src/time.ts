import type { DateInput } from './types'

/**
 * Converts a DateInput to epoch milliseconds, or null when it is missing or not a valid date.
 * Numbers are taken as epoch milliseconds; strings are parsed with `Date`.
 */
export function toEpochMs(value: DateInput | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}
