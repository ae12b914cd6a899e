/**
 * What every feature module receives: the validated config, the database and the platform
 * services. Built once in `index.ts` (or by a test) and passed down explicitly, so modules
 * never reach for globals and tests can swap any part.
 */
import type { DatabaseHandle } from '@pinpoint/db'
import type { Config } from './config'
import type { Jobs } from './jobs'
import type { Analytics } from './platform/analytics'
import type { AdjustableClock } from './platform/clock'
import type { Logger } from './platform/logger'
import type { Mailer } from './platform/mailer'
import type { ClientIpResolver } from './platform/security/client-ip'
import type { Storage } from './platform/storage/types'
import type { Bus } from './realtime/bus'

export interface AppContext {
  config: Config
  database: DatabaseHandle
  logger: Logger
  /** Clock used by rules with deadlines and expiry; injectable so tests can move time. */
  now: () => Date
  /**
   * Set when `now` is a movable clock (BILLING_TEST_CLOCK=1, or a test that moves time): POST /dev/clock
   * moves it. Absent in production.
   */
  testClock?: AdjustableClock
  /** Files: local disk under DATA_DIR/files, or S3 when S3_BUCKET is set. */
  storage: Storage
  /** Announces writes to every server process (Postgres LISTEN/NOTIFY; in-process with PGlite). */
  bus: Bus
  /** Outgoing e-mail: SMTP when SMTP_URL is set, otherwise the outbox table. */
  mailer: Mailer
  /** The caller's address for rate limits (X-Forwarded-For only with TRUST_PROXY); tests inject their own. */
  clientIp: ClientIpResolver
  /** Scheduled work (pg-boss on the same database): reminders, deadlines. */
  jobs: Jobs
  /** Product analytics: `track(name, props, userId)`; a no-op unless ANALYTICS_URL is set. */
  analytics: Analytics
}
