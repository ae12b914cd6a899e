/**
 * What the permission-matrix test files share: the row shape, the actor groups used in rows, and the runner
 * that tries every row as every actor kind (matrix-world.ts, or the canvas roles of matrix-canvas-world.ts)
 * and checks the exact status.
 */
import { describe, expect, test } from 'bun:test'
import { buildInvite, buildTeam, uniqueEmail } from '@pinpoint/db/testing'
import { createTestApp } from '../testing/harness'
import type { TestClient } from '../testing/http'
import { ACTOR_KINDS, type ActorKind, all, buildWorld, type World } from './matrix-world'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** One route and method, the status each actor kind gets. Generic over the actor kinds and their world. */
export interface MatrixRowOf<Kind extends string, W> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The route as documented, e.g. '/teams/{id}/users'. */
  route: string
  path: (world: W, extra: Record<string, string>) => string
  body?: (world: W, extra: Record<string, string>) => unknown
  /** Creates what the row needs beyond the world (returns ids for `path` and `body`). */
  setup?: (world: W, testApp: TestApp) => Promise<Record<string, string>>
  expect: Record<Kind, number>
}

/** A row of the account-level matrix (matrix-world.ts's actor kinds). */
export type MatrixRow = MatrixRowOf<ActorKind, World>

export const testApp = await createTestApp()
export const { db } = testApp.context.database

export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)
export const avatarForm = () => {
  const form = new FormData()
  form.append('avatar', new File([PNG], 'a.png', { type: 'image/png' }))
  return form
}

/** Members of the team (owner, admins, members and the member's token) vs everybody else. */
export const teamOnly = (ok: number) =>
  all(403, { owner: ok, admin: ok, member: ok, apiToken: ok, anonymous: 401 })
export const adminsOnly = (ok: number) => all(403, { owner: ok, admin: ok, anonymous: 401 })
export const loggedIn = (ok: number) => all(ok, { guest: 403, anonymous: 401 })
/** SPEC 6 exports: a team on a plan other than team49 (both enterprise teams of the world), not a guest. */
export const exporters = (ok: number) => all(ok, { individual: 403, guest: 403, anonymous: 401 })
/** SPEC 6 "view billing": a non-guest without a team, or the team owner (each for their own account). */
export const billingOwner = (ok: number) =>
  all(403, { owner: ok, otherTeam: ok, individual: ok, anonymous: 401 })

/** An invite (in a third team) addressed to the actor's own e-mail, for accept/decline. */
export async function inviteForActor(world: World): Promise<Record<string, string>> {
  const { team } = await buildTeam(db)
  const invite = await buildInvite(db, { team, email: world.actor?.email ?? uniqueEmail() })
  return { inviteId: invite.id }
}

/** One describe per row, one test per actor kind, each in a fresh world from `build`. */
export function runMatrixOf<Kind extends string, W>(
  rows: MatrixRowOf<Kind, W>[],
  kinds: readonly Kind[],
  build: (testApp: TestApp, kind: Kind) => Promise<{ world: W; client: TestClient }>,
) {
  describe.each(rows.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', (_name, row) => {
    test.each(kinds.map((kind) => [kind, row.expect[kind]] as const))('%s -> %d', async (kind, expected) => {
      const { world, client } = await build(testApp, kind)
      const extra = row.setup ? await row.setup(world, testApp) : {}
      const body = row.body?.(world, extra)
      const path = `/api/v1${row.path(world, extra)}`
      const res =
        body instanceof FormData
          ? await client.request(row.method, path, { body })
          : await client.request(row.method, path, body === undefined ? {} : { json: body })
      if (res.status !== expected)
        throw new Error(`${kind} ${row.method} ${path}: expected ${expected}, got ${res.status} ${res.text}`)
      expect(res.status).toBe(expected)
    })
  })
}

/** The account-level matrix: every row as every actor kind of matrix-world.ts. */
export function runMatrix(rows: MatrixRow[]) {
  runMatrixOf(rows, ACTOR_KINDS, buildWorld)
}
