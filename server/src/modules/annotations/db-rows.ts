/**
 * Raw SQL rows on either driver: postgres.js returns an array from `db.execute`, PGlite `{ rows }`.
 * Needed where a query must run inside a transaction (the handle's `rows()` uses the root connection).
 */
import type { DbOrTx } from '@pinpoint/db'
import type { SQL } from 'drizzle-orm'

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}
