/**
 * Runs a unit of work in a transaction and retries it (a few times, with jitter) when PostgreSQL aborts it
 * with a deadlock or serialisation failure: both are expected under concurrent moves and are safe to retry
 * because the whole transaction rolled back.
 */
import type { Db, Tx } from '@pinpoint/db'

const RETRYABLE = new Set(['40P01', '40001'])

export function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      const code = sqlState(error)
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error
      await Bun.sleep(5 * attempt + Math.random() * 20)
    }
  }
}
