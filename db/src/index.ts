/**
 * @pinpoint/db: the schema, the client factory (postgres.js or PGlite), migrations and the data-folder lock.
 * Test helpers live in '@pinpoint/db/testing'.
 */
export {
  type DatabaseHandle,
  type DatabaseKind,
  type Db,
  type DbOrTx,
  MIGRATIONS_FOLDER,
  migrate,
  type OpenDatabaseOptions,
  openDatabase,
  type Schema,
  type Tx,
} from './client.ts'
export { acquireDataDirLock, DataDirLockedError, type DataDirLockInfo, type ReleaseLock } from './lock.ts'
export * as schema from './schema/index.ts'
export * from './schema/index.ts'
