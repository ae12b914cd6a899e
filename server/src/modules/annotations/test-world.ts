/**
 * A cast of actors for comment tests: an enterprise team (owner, admin, member), a team49 team, a member of
 * another enterprise team, a solo user on an individual plan, a free user, a guest and an anonymous
 * visitor, each with a logged-in TestClient. Every call builds fresh rows, so test files do not collide.
 */
import type { Canvas, User } from '@pinpoint/db'
import { buildCanvas, buildCustomer, buildTeam, buildUser } from '@pinpoint/db/testing'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import { SESSION_COOKIE } from '../auth/cookies'
import { createSession } from '../auth/session'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export interface World extends TestApp {
  db: TestApp['context']['database']['db']
  owner: User
  admin: User
  member: User
  canvas: Canvas
  team49Member: User
  team49Canvas: Canvas
  outsider: User
  solo: User
  soloCanvas: Canvas
  free: User
  guest: User
  /** A client logged in as `user` (anonymous when null). */
  as(user: User | null): Promise<TestClient>
}

export async function sessionToken(db: World['db'], user: User): Promise<string> {
  return (await createSession(db, { userId: user.id, now: new Date() })).token
}

export async function buildWorld(existing?: TestApp): Promise<World> {
  const built = existing ?? (await createTestApp())
  const db = built.context.database.db
  // Customers without a period end count as inactive (fail closed), which would make canvases read-only.
  const customer = { periodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000) }
  const enterprise = await buildTeam(db, { plan: 'enterprise35peruser', customer })
  const admin = await buildUser(db, { teamId: enterprise.team.id, role: 'admin' })
  const member = await buildUser(db, { teamId: enterprise.team.id })
  const canvas = (await buildCanvas(db, { user: enterprise.owner })).canvas
  const team49 = await buildTeam(db, { plan: 'team49', customer })
  const team49Member = await buildUser(db, { teamId: team49.team.id })
  const team49Canvas = (await buildCanvas(db, { user: team49.owner })).canvas
  const outsider = (await buildTeam(db, { plan: 'enterprise35peruser', customer })).owner
  const solo = await buildUser(db)
  await buildCustomer(db, { user: solo, planId: 'individual19', ...customer })
  const soloCanvas = (await buildCanvas(db, { user: solo })).canvas
  const free = await buildUser(db)
  await buildCustomer(db, { user: free, planId: 'free0', ...customer })
  const guest = await buildUser(db, { isGuest: true })
  return {
    ...built,
    db,
    owner: enterprise.owner,
    admin,
    member,
    canvas,
    team49Member,
    team49Canvas,
    outsider,
    solo,
    soloCanvas,
    free,
    guest,
    async as(user) {
      const client = built.client()
      if (user) client.cookies.set(SESSION_COOKIE, await sessionToken(db, user))
      return client
    },
  }
}
