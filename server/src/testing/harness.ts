/**
 * Builds a real server context for tests: the run's isolated test database (real PostgreSQL,
 * see db/src/testing), a silent logger and a movable clock. `createTestApp()` gives the full
 * composed app for in-process HTTP tests.
 */
import { testDatabase } from '@pinpoint/db/testing'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { AppContext } from '../context'
import { createJobs } from '../jobs'
import { createAnalytics } from '../platform/analytics'
import { silentLogger } from '../platform/logger'
import { createMailer } from '../platform/mailer'
import { testClientIpResolver } from '../platform/security'
import { createStorage } from '../platform/storage'
import { createBus } from '../realtime/bus'
import { TestClient } from './http'

export interface TestClock {
  now: () => Date
  set(date: Date | string): void
  advance(ms: number): void
  reset(): void
}

export function createTestClock(): TestClock {
  let offset = 0
  let fixed: Date | undefined
  return {
    now: () => (fixed ? new Date(fixed.getTime() + offset) : new Date(Date.now() + offset)),
    set(date) {
      fixed = new Date(date)
      offset = 0
    },
    advance(ms) {
      offset += ms
    },
    reset() {
      fixed = undefined
      offset = 0
    },
  }
}

export async function createTestContext(
  overrides: Partial<AppContext> = {},
): Promise<AppContext & { clock: TestClock }> {
  const { handle, url } = await testDatabase()
  const clock = createTestClock()
  const config = loadConfig({
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
    DATABASE_URL: handle.kind === 'postgres' ? (url ?? undefined) : undefined,
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/pinpoint-test-${process.pid}`,
    LOG_REQUESTS: 'false',
  })
  return {
    config,
    database: handle,
    logger: silentLogger,
    now: clock.now,
    clock,
    storage: createStorage(config),
    bus: createBus(overrides.database ?? handle, silentLogger),
    mailer: createMailer({ config, database: overrides.database ?? handle, logger: silentLogger }),
    clientIp: testClientIpResolver,
    jobs: createJobs(overrides.database ?? handle, url ?? undefined, silentLogger),
    // Off unless a test brings its own (a local sink: testing/analytics-sink.ts).
    analytics: createAnalytics({ url: undefined, logger: silentLogger, now: clock.now }),
    ...overrides,
  }
}

export async function createTestApp(overrides: Partial<AppContext> = {}) {
  const context = await createTestContext(overrides)
  const app = createApp(context)
  return { app, context, client: () => new TestClient(app) }
}
