/**
 * Test helpers: `testDatabase()` (this process's migrated database), `createTestDatabase()` (another blank
 * one), `openPgliteForTest()`, and the data factories. See db/README.md.
 */
export { type Cleanup, registerCleanup, runCleanups } from './cleanup.ts'
export {
  createTestDatabase,
  DEFAULT_TEST_DATABASE_URL,
  migrationsHash,
  openPgliteForTest,
  type PgliteTestDatabase,
  type TestDatabase,
  testDatabase,
  testDatabaseUrl,
} from './database.ts'
export * from './factories.ts'
