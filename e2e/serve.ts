/**
 * The e2e web server: a fresh database, the fixtures the journeys need, then the real server.
 *
 * - E2E_DATABASE_URL set: a new PostgreSQL database cloned from the migrated test template (the same
 *   helper unit tests use); a later run drops it (db/src/testing drops clones older than 6 h).
 * - Otherwise: embedded PGlite in the run's temporary DATA_DIR.
 *
 * Fixtures are written to `${DATA_DIR}/fixtures.json` for the tests to read: a team whose customer
 * has the e-mail review beta on (SPEC section 6: e-mail canvases need it; only staff turn it on), a
 * staff member (`users.is_staff` is set by an operator in the database, decision 007), a solo account on
 * a paid individual plan (premium canvases), and a coupon of the local billing engine (coupons are made
 * by staff or a seed).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DbOrTx, migrate, openDatabase } from '@pinpoint/db'
import { buildCustomer, buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { createCoupon } from '../server/src/platform/billing/local/coupons'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR is required (set by playwright.config.ts)')

type Account = { email: string; password: string; name: string }

export type E2eFixtures = {
  betaOwner: Account
  /** Staff (decision 043): staff tools, impersonation, and releases (decision 051). */
  staff: Account
  /** A solo account on individual19 (one premium canvas), paid up for a year. */
  solo: Account
  /** A coupon of the local billing engine the billing journey applies: 20% off for 3 months. */
  coupon: string
  databaseUrl: string | null
}

async function seed(db: DbOrTx): Promise<Pick<E2eFixtures, 'betaOwner' | 'staff' | 'solo'>> {
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
  const staff = await buildUser(db, { email: 'sam.staff@e2e.test', name: 'Sam Staff', isStaff: true })
  const solo = await buildUser(db, { email: 'sol.solo@e2e.test', name: 'Sol Solo' })
  await buildCustomer(db, {
    user: solo,
    planId: 'individual19',
    status: 'active',
    periodEnd: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
  })
  const account = (user: { email: string; name: string }) => ({
    email: user.email,
    name: user.name,
    password: DEFAULT_PASSWORD,
  })
  return {
    betaOwner: { email, name, password: DEFAULT_PASSWORD },
    staff: account(staff),
    solo: account(solo),
  }
}

const COUPON = 'WELCOME20'

let databaseUrl = ''
let seeded: Pick<E2eFixtures, 'betaOwner' | 'staff' | 'solo'>
if (process.env.E2E_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.E2E_DATABASE_URL
  const { createTestDatabase } = await import('@pinpoint/db/testing')
  const database = await createTestDatabase()
  if (!database.url) throw new Error('E2E_DATABASE_URL is set but PostgreSQL is not reachable')
  databaseUrl = database.url
  seeded = await seed(database.db)
} else {
  const handle = await openDatabase({ dataDir })
  await migrate(handle)
  seeded = await seed(handle.db)
  await handle.close()
}
const fixtures: E2eFixtures = { ...seeded, coupon: COUPON, databaseUrl: databaseUrl || null }
writeFileSync(join(dataDir, 'fixtures.json'), JSON.stringify(fixtures))

// The server runs in this process (no child that could outlive a killed parent).
process.env.DATABASE_URL = databaseUrl
await import('../server/src/index.ts')
