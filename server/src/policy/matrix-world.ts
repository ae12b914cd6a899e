/**
 * Test fixture of the permission matrix (matrix.test.ts): a fresh "world" per cell, so a call that changes
 * something (removing a member, rotating a token) never affects another cell.
 *
 * The world: a team on an enterprise plan (every team feature on) with its owner, two admins and two
 * members; another enterprise team; an individual-plan user; a guest; a pending invite of the team. Each
 * actor kind maps to one of them; `apiToken` is the first member calling with a personal API token and no
 * cookies. Later issues add their subjects (canvases, folders, annotations) through a row's `setup`.
 */
import type { Invite, Team, User } from '@pinpoint/db'
import { buildCustomer, buildInvite, buildTeam, buildUser } from '@pinpoint/db/testing'
import { SESSION_COOKIE } from '../modules/auth/cookies'
import { createSession } from '../modules/auth/session'
import { hashToken, newApiToken } from '../modules/auth/tokens'
import type { createTestApp } from '../testing/harness'
import { TestClient } from '../testing/http'

export const ACTOR_KINDS = [
  'owner',
  'admin',
  'member',
  'otherTeam',
  'individual',
  'guest',
  'anonymous',
  'apiToken',
] as const
export type ActorKind = (typeof ACTOR_KINDS)[number]

export interface World {
  team: Team
  owner: User
  admin: User
  admin2: User
  member: User
  member2: User
  otherTeam: Team
  otherOwner: User
  individual: User
  guest: User
  invite: Invite
  /** The user behind the actor of this cell (null for anonymous). */
  actor: User | null
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>

export async function buildWorld(
  testApp: TestApp,
  kind: ActorKind,
): Promise<{ world: World; client: TestClient }> {
  const { db } = testApp.context.database
  const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
  const admin = await buildUser(db, { teamId: team.id, role: 'admin' })
  const admin2 = await buildUser(db, { teamId: team.id, role: 'admin' })
  const token = newApiToken()
  const member = await buildUser(db, { teamId: team.id, tokenHash: hashToken(token) })
  const member2 = await buildUser(db, { teamId: team.id })
  const { team: otherTeam, owner: otherOwner } = await buildTeam(db, { plan: 'enterprise35peruser' })
  const individual = await buildUser(db)
  await buildCustomer(db, {
    user: individual,
    planId: 'individual19',
    status: 'active',
    periodEnd: new Date(Date.now() + 30 * 86400_000),
  })
  const guest = await buildUser(db, { isGuest: true })
  const invite = await buildInvite(db, { team, lastSentAt: new Date(Date.now() - 3600_000) })
  const users: Record<ActorKind, User | null> = {
    owner,
    admin,
    member,
    otherTeam: otherOwner,
    individual,
    guest,
    anonymous: null,
    apiToken: member,
  }
  const actor = users[kind]
  const world: World = {
    team,
    owner,
    admin,
    admin2,
    member,
    member2,
    otherTeam,
    otherOwner,
    individual,
    guest,
    invite,
    actor,
  }
  const client = new TestClient(testApp.app)
  if (kind === 'apiToken') {
    client.bearer = token
  } else if (actor) {
    const session = await createSession(db, { userId: actor.id, now: testApp.context.now() })
    client.cookies.set(SESSION_COOKIE, session.token)
  }
  return { world, client }
}

/** Expected status per actor kind: `all(200, { anonymous: 401 })`. */
export function all(
  status: number,
  except: Partial<Record<ActorKind, number>> = {},
): Record<ActorKind, number> {
  return Object.fromEntries(ACTOR_KINDS.map((kind) => [kind, except[kind] ?? status])) as Record<
    ActorKind,
    number
  >
}

/** The release registry's routes (decision 051), each with a body its validation accepts. */
const STAFF_RELEASE_ROUTES: { method: 'GET' | 'POST' | 'PUT'; route: string; body?: unknown }[] = [
  { method: 'GET', route: '/releases' },
  {
    method: 'POST',
    route: '/releases/{slice}',
    body: { version: '1.0.0', files: [{ path: 'a.js', content: '' }] },
  },
  { method: 'PUT', route: '/releases/{slice}/live', body: { version: null } },
  { method: 'POST', route: '/releases/{slice}/rollback' },
]

/** Matrix rows of the release routes: nobody in the world is staff. */
export function staffReleaseRows() {
  return STAFF_RELEASE_ROUTES.map(({ method, route, body }) => ({
    method,
    route,
    path: () => route.replace('{slice}', 'dashboard'),
    body: () => body,
    expect: all(403, { anonymous: 401 }),
  }))
}
