/**
 * The e2e web server: a fresh database, the fixtures the journeys need, then the real server.
 *
 * - E2E_DATABASE_URL set: a new PostgreSQL database cloned from the migrated test template (the same
 *   helper unit tests use); a later run drops it (db/src/testing drops clones older than 6 h).
 * - Otherwise: embedded PGlite in the run's temporary DATA_DIR.
 *
 * Fixtures are written to `${DATA_DIR}/fixtures.json` for the tests to read: a team whose customer
 * has the e-mail review beta on (SPEC section 6: e-mail canvases need it; nobody can turn it on
 * through the API), and a coupon of the local billing engine (coupons are made by staff or a seed).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DbOrTx, migrate, openDatabase } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { createCoupon } from '../server/src/platform/billing/local/coupons'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR is required (set by playwright.config.ts)')

export type E2eFixtures = {
  betaOwner: { email: string; password: string; name: string }
  /** A coupon of the local billing engine the billing journey applies: 20% off for 3 months. */
  coupon: string
  /** A staff member's login, for the releases journey. */
  staff: { email: string; password: string }
  databaseUrl: string | null
}

async function seed(db: DbOrTx): Promise<E2eFixtures['betaOwner']> {
  const email = 'grace.beta@e2e.test'
  const name = 'Grace Hopper'
  const owner = await buildUser(db, { email, name })
  await buildTeam(db, {
    owner,
    name: 'Compiler Studio',
    plan: 'enterprise35peruser',
    customer: {
      betaFeatures: { emailReview: true },
      status: 'active',
      periodEnd: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
    },
  })
  await createCoupon(db, { code: COUPON, percentOff: 20, duration: 'repeating', durationInMonths: 3 })
  // The releases journey publishes and switches slices as staff (scripts/release.ts).
  await buildUser(db, { email: STAFF_EMAIL, name: 'Release Staff', isStaff: true })
  return { email, name, password: DEFAULT_PASSWORD }
}

const COUPON = 'WELCOME20'
/** A staff member (decision 051: releases are staff tools), password DEFAULT_PASSWORD. */
export const STAFF_EMAIL = 'release.staff@e2e.test'

let databaseUrl = ''
let betaOwner: E2eFixtures['betaOwner']
if (process.env.E2E_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.E2E_DATABASE_URL
  const { createTestDatabase } = await import('@pinpoint/db/testing')
  const database = await createTestDatabase()
  if (!database.url) throw new Error('E2E_DATABASE_URL is set but PostgreSQL is not reachable')
  databaseUrl = database.url
  betaOwner = await seed(database.db)
} else {
  const handle = await openDatabase({ dataDir })
  await migrate(handle)
  betaOwner = await seed(handle.db)
  await handle.close()
}
const fixtures: E2eFixtures = {
  betaOwner,
  coupon: COUPON,
  staff: { email: STAFF_EMAIL, password: DEFAULT_PASSWORD },
  databaseUrl: databaseUrl || null,
}
writeFileSync(join(dataDir, 'fixtures.json'), JSON.stringify(fixtures))

// The server runs in this process (no child that could outlive a killed parent).
process.env.DATABASE_URL = databaseUrl
await import('../server/src/index.ts')
