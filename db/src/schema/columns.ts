import { text, timestamp } from 'drizzle-orm/pg-core'

/**
 * A new primary key: a UUIDv7 as 32 lowercase hex characters (time-ordered, so ids sort roughly by creation and index inserts stay
 * local). Generated in application code so the same ids work on PostgreSQL and PGlite without extensions.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const now = Date.now()
  // 48-bit big-endian millisecond timestamp.
  for (let i = 5; i >= 0; i--) {
    bytes[i] = Math.floor(now / 2 ** (8 * (5 - i))) & 0xff
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70 // version 7
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80 // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  // Plain hex without hyphens: SPEC mentions are `@[name](type:id)` with an alphanumeric id.
  return hex
}

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * An unguessable lowercase slug (a-z, 0-9), usable as a DNS label: canvas subdomains, folder shareable ids,
 * invite codes. 16 characters give ~82 bits of randomness.
 */
export function randomSlug(length = 16): string {
  let out = ''
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      // 252 = 7 * 36: rejecting bytes >= 252 keeps every character equally likely.
      if (byte < 252 && out.length < length) out += SLUG_ALPHABET[byte % 36]
    }
  }
  return out
}

/** Text primary key generated in app code (UUIDv7). */
export const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId())

/** A timestamp with time zone, returned as a JS Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const createdAt = () => tstz('created_at').notNull().defaultNow()

/** Set by the database on insert and by Drizzle on every update made through the query builder. */
export const updatedAt = () =>
  tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })

/** Open-ended JSON object stored in a jsonb column (surveys, settings, visit data). */
export type JsonObject = Record<string, unknown>
