import type { DatabaseHandle, Db } from '../client.ts'

interface TestDatabaseBase {
  handle: DatabaseHandle
  db: Db
  /** Closes and drops the database now (otherwise done after all tests of the process). */
  dispose(): Promise<void>
}

/**
 * A test database. Check `kind` (not handle.kind) to narrow `url`: a connection string on PostgreSQL, null
 * on the PGlite fallback (no other process can connect to it).
 */
export type TestDatabase =
  | (TestDatabaseBase & { kind: 'postgres'; url: string })
  | (TestDatabaseBase & { kind: 'pglite'; url: null })

export interface PgliteTestDatabase {
  handle: DatabaseHandle
  db: Db
  /** The temporary data folder (PGlite files under `${dataDir}/pglite`). */
  dataDir: string
  /** Closes PGlite and deletes the folder (otherwise done after all tests). */
  dispose(): Promise<void>
}
