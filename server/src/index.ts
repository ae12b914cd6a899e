/**
 * Starts the server: config -> database (lock, open, migrate) -> HTTP listen -> background work.
 * Any failure before listening prints one clear line and exits non-zero.
 */
import { migrate, openDatabase } from '@pinpoint/db'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import type { AppContext } from './context'
import { createLogger } from './platform/logger'

async function main() {
  const logger = createLogger()
  const config = loadConfig()
  // PGlite has no lock of its own: openDatabase takes the data-folder lock so a second
  // process on the same folder is refused instead of silently losing writes.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(database)
  const context: AppContext = { config, database, logger, now: () => new Date() }
  const app = createApp(context).listen({ port: config.port, hostname: config.host })
  const port = app.server?.port ?? config.port
  logger.info('server started', {
    url: `http://localhost:${port}`,
    database: database.kind === 'pglite' ? `pglite (${config.dataDir})` : 'postgres',
  })
  console.log(`\n  Pinpoint is running on http://localhost:${port}\n`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('server stopping', { signal })
    await app.stop()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`)
  } else {
    console.error(`Pinpoint could not start: ${error instanceof Error ? error.message : String(error)}`)
  }
  process.exit(1)
})
