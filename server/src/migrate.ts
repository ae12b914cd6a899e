/**
 * `bun server/src/migrate.ts`: applies pending migrations to `DATABASE_URL` and exits, without serving.
 * A deploy runs it before starting processes of the new code (docs/deploy.md), so the schema change is
 * done once, up front, while the old processes keep serving. Servers also migrate at start (under the
 * same advisory lock), so forgetting this step is safe; it only moves the wait out of the start.
 */
import { migrate, openDatabase } from '@pinpoint/db'
import { ConfigError, loadConfig } from './config'

try {
  const config = loadConfig()
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL is required to migrate a shared database.')
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const started = performance.now()
  await migrate(database)
  await database.close()
  console.log(`Migrations applied in ${Math.round(performance.now() - started)} ms.`)
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
