/**
 * Loaded before every `bun test` run (root bunfig.toml). It must stay cheap: tests that never ask for a
 * database pay only for this file. It registers one global afterAll that drops the databases and temporary
 * folders the test helpers created (testDatabase(), createTestDatabase(), openPgliteForTest()).
 */
import { afterAll } from 'bun:test'
import { runCleanups } from './cleanup.ts'

afterAll(async () => {
  await runCleanups()
})
