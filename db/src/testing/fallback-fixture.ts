/**
 * Child process used by database.test.ts to prove the fallback rules: prints the kind of database that
 * testDatabase() produced as JSON (or the error), then cleans up. Not a test file on its own.
 */
import { sql } from 'drizzle-orm'
import { runCleanups, testDatabase } from './index.ts'

try {
  const { kind, url, handle } = await testDatabase()
  const rows = await handle.rows<{ n: number }>(sql`select count(*)::int as n from users`)
  console.log(JSON.stringify({ ok: true, kind, url, users: rows[0]?.n }))
} catch (error) {
  console.log(JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) }))
} finally {
  await runCleanups()
}
