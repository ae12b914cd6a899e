/**
 * Databases for tests.
 *
 * PostgreSQL (the normal case): a template database `pinpoint_tpl_<hash of the migrations>` is migrated once
 * (creation serialised across processes by an advisory lock), and each test process clones it with
 * `CREATE DATABASE ... TEMPLATE`, which takes ~0.2 s instead of re-running migrations. Clones are
 * dropped after all tests (global afterAll from preload.ts); clones left by crashed runs are dropped later.
 *
 * No PostgreSQL reachable: with CI=true this fails; otherwise tests run on PGlite, cloned from a migrated
 * PGlite folder cached in the temp directory (copying ~40 MB beats a 3–7 s initdb), with a loud warning.
 *
 * Files: template.ts builds the template, clone.ts makes and drops the clones (leftovers too), pglite.ts is
 * the fallback, pg-helpers.ts holds the names, URLs and retries they share.
 */
import { adminConnection, createPostgresClone } from './clone.ts'
import { redact, testDatabaseUrl } from './pg-helpers.ts'
import { openPgliteForTest } from './pglite.ts'
import type { TestDatabase } from './types.ts'

export { DEFAULT_TEST_DATABASE_URL, testDatabaseUrl } from './pg-helpers.ts'
export { openPgliteForTest } from './pglite.ts'
export { migrationsHash } from './template.ts'
export type { PgliteTestDatabase, TestDatabase } from './types.ts'

let shared: Promise<TestDatabase> | undefined

/**
 * The database of this test process: created on first call (a fresh clone of the migrated template), the same
 * object afterwards, dropped after all tests. Tests share it, so isolate by building fresh rows (factories with
 * unique e-mails), not by assuming empty tables. Do not close its handle.
 */
export function testDatabase(): Promise<TestDatabase> {
  shared ??= createTestDatabase().catch((error: unknown) => {
    shared = undefined
    throw error
  })
  return shared
}

/**
 * A new, empty (migrated) database that nobody else uses, for tests that need a blank slate or their own
 * processes. Dropped by dispose() or after all tests.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'pglite') {
    const admin = await adminConnection()
    if (admin.ok) return createPostgresClone(admin.sql)
    if (process.env.CI === 'true') {
      throw new Error(
        `PostgreSQL is not reachable at ${redact(testDatabaseUrl())} (${admin.reason}). ` +
          'CI=true forbids the PGlite fallback: start PostgreSQL or set TEST_DATABASE_URL.',
      )
    }
    warnPgliteFallback(admin.reason)
  }
  const pg = await openPgliteForTest()
  return { url: null, kind: 'pglite', handle: pg.handle, db: pg.db, dispose: pg.dispose }
}

let warned = false

function warnPgliteFallback(reason: string): void {
  if (warned) return
  warned = true
  console.warn(
    [
      '',
      '*************************************************************************************',
      '*** PostgreSQL not reachable: running database tests on PGlite ***',
      `*** ${redact(testDatabaseUrl())}: ${reason}`,
      '*** Start PostgreSQL or set TEST_DATABASE_URL to test on the real thing (CI requires it).',
      '*************************************************************************************',
      '',
    ].join('\n'),
  )
}
