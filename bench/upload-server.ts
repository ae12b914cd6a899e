/**
 * The server of the upload benchmark: the real app (as server/src/index.ts builds it) plus one floor route,
 * `PUT /bench/put`, which streams the request body straight into the same storage module. Both the tus
 * endpoint and the floor run in this one process, so the benchmark compares them on the same server.
 */
import { openDatabase } from '@pinpoint/db'
import { Elysia } from 'elysia'
import { createApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import type { AppContext } from '../server/src/context'
import { createJobs } from '../server/src/jobs'
import { disabledAnalytics } from '../server/src/platform/analytics'
import { createLogger } from '../server/src/platform/logger'
import { createMailer } from '../server/src/platform/mailer'
import { createClientIpResolver } from '../server/src/platform/security'
import { createStorage, newStorageKey } from '../server/src/platform/storage'
import { createBus } from '../server/src/realtime/bus'

const logger = createLogger()
const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
const context: AppContext = {
  config,
  database,
  logger,
  now: () => new Date(),
  storage: createStorage(config),
  bus: createBus(database, logger),
  mailer: createMailer({ config, database, logger }),
  clientIp: createClientIpResolver(config),
  jobs: createJobs(database, config.databaseUrl, logger),
  analytics: disabledAnalytics,
}
const floor = new Elysia({ name: 'bench-floor' }).put(
  '/bench/put',
  async ({ request }) => {
    const key = newStorageKey('bench')
    const { size } = await context.storage.put(key, request.body ?? new Uint8Array())
    await context.storage.delete(key)
    return { size }
  },
  { parse: 'none' },
)
const app = new Elysia()
  .use(floor)
  .use(createApp(context))
  .listen({
    port: config.port,
    hostname: '127.0.0.1',
    // Only for the floor's single 1 GB PUT; tus sends 64 MB PATCHes, within Bun's default 128 MB limit.
    maxRequestBodySize: 8 * 1024 ** 3,
  })
console.log(`upload bench server on ${app.server?.port}`)
