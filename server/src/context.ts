/**
 * What every feature module receives: the validated config, the database and the platform
 * services. Built once in `index.ts` (or by a test) and passed down explicitly, so modules
 * never reach for globals and tests can swap any part.
 */
import type { DatabaseHandle } from '@pinpoint/db'
import type { Config } from './config'
import type { Logger } from './platform/logger'

export interface AppContext {
  config: Config
  database: DatabaseHandle
  logger: Logger
  /** Clock used by rules with deadlines and expiry; injectable so tests can move time. */
  now: () => Date
}
