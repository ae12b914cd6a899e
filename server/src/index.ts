/**
 * Starts the server: config -> database (lock, open, migrate) -> HTTP listen -> background work.
 * Any failure before listening prints one clear line and exits non-zero.
 */
import { migrate, openDatabase } from '@pinpoint/db'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import type { AppContext } from './context'
import { ensureFirstLogin } from './first-run'
import { createJobs, type QueueName } from './jobs'
import { jobHandlers, SCHEDULES } from './jobs/handlers'
import { createAnalytics } from './platform/analytics'
import { createAdjustableClock } from './platform/clock'
import { createLogger } from './platform/logger'
import { createMailer } from './platform/mailer'
import { createClientIpResolver } from './platform/security'
import { createStorage } from './platform/storage'
import { createProxyApp } from './proxy'
import { createBus } from './realtime/bus'

async function main() {
  const logger = createLogger()
  const config = loadConfig()
  // PGlite has no lock of its own: openDatabase takes the data-folder lock so a second
  // process on the same folder is refused instead of silently losing writes.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(database)
  // BILLING_TEST_CLOCK=1 (never in production): a clock that /api/v1/dev/clock can move, for e2e journeys.
  const testClock = config.billingTestClock ? createAdjustableClock() : undefined
  const context: AppContext = {
    config,
    database,
    logger,
    now: testClock ? testClock.now : () => new Date(),
    testClock,
    storage: createStorage(config),
    bus: createBus(database, logger),
    mailer: createMailer({ config, database, logger }),
    clientIp: createClientIpResolver(config),
    jobs: createJobs(database, config.databaseUrl, logger),
    analytics: createAnalytics({
      url: config.analyticsUrl,
      writeKey: config.analyticsWriteKey,
      logger,
      now: testClock ? testClock.now : () => new Date(),
    }),
  }
  const app = createApp(context).listen({ port: config.port, hostname: config.host })
  const port = app.server?.port ?? config.port
  // The proxy origin (a different site from the app) serves reviewed websites and e-mail HTML.
  const proxy = createProxyApp(context).listen({ port: config.proxyPort, hostname: config.host })
  await context.jobs.work(jobHandlers(context))
  for (const [queue, cron] of Object.entries(SCHEDULES)) {
    // A schedule that cannot be registered must not stop the server: the work is housekeeping.
    await context.jobs
      .schedule(queue as QueueName, cron)
      .catch((error: unknown) => logger.error('job schedule failed', { queue, error: String(error) }))
  }
  logger.info('server started', {
    url: `http://localhost:${port}`,
    database: database.kind === 'pglite' ? `pglite (${config.dataDir})` : 'postgres',
  })
  const firstLogin = await ensureFirstLogin(context)
  console.log(`\n  Pinpoint is running on http://localhost:${port}\n`)
  if (firstLogin) {
    console.log(`  First login (also in ${config.dataDir}/first-login.txt):`)
    console.log(`    e-mail:   ${firstLogin.email}`)
    console.log(`    password: ${firstLogin.password}\n`)
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('server stopping', { signal })
    await app.stop()
    await proxy.stop()
    await context.jobs.stop()
    await context.analytics.flush()
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
