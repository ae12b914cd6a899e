/**
 * The people of one canvas, for the permission matrix of the canvas's own routes (revisions, uploads into a
 * revision, carrying comments, verdicts): a fresh world per cell, like matrix-world.ts.
 *
 * The canvas belongs to a plain member of a team on an enterprise plan with a paid period running (so it is
 * not read-only). SPEC 6 "edit canvas": same team and creator or team admin. Canvas roles (decision 043):
 * invited people from outside the team as editor, commenter or viewer. A guest holds the feedback link of
 * the canvas (shared with anyone who has the link). The outsider is a user of another team who was not
 * invited: in that cell the canvas is shared with its team only, so the link gives them nothing.
 */
import { type Canvas, type CanvasRevision, type CanvasUserRole, canvasUsers, type User } from '@pinpoint/db'
import { buildCanvas, buildTeam, buildUser } from '@pinpoint/db/testing'
import { SESSION_COOKIE } from '../modules/auth/cookies'
import { createSession } from '../modules/auth/session'
import type { createTestApp } from '../testing/harness'
import { TestClient } from '../testing/http'

export const CANVAS_ACTOR_KINDS = [
  'canvasOwner',
  'teamAdmin',
  'teamMember',
  'editor',
  'commenter',
  'viewer',
  'guestWithLink',
  'outsider',
  'anonymous',
] as const
export type CanvasActorKind = (typeof CANVAS_ACTOR_KINDS)[number]

export interface CanvasWorld {
  canvasOwner: User
  teamAdmin: User
  canvas: Canvas
  /** Revision 1, the canvas's current one. */
  revision: CanvasRevision
  actor: User | null
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A canvas of type `type` (design unless told otherwise) and the actor of this cell logged in. */
export async function buildCanvasWorld(
  testApp: TestApp,
  kind: CanvasActorKind,
  type: Canvas['type'] = 'design',
): Promise<{ world: CanvasWorld; client: TestClient }> {
  const { db } = testApp.context.database
  const { team } = await buildTeam(db, {
    plan: 'enterprise35peruser',
    customer: { status: 'active', periodEnd: new Date(Date.now() + 365 * 86_400_000) },
  })
  const canvasOwner = await buildUser(db, { teamId: team.id })
  const teamAdmin = await buildUser(db, { teamId: team.id, role: 'admin' })
  const { canvas, revision } = await buildCanvas(db, {
    user: canvasOwner,
    type,
    visibility: kind === 'outsider' ? 'only-team' : 'anyone-with-link',
  })
  const invited = async (role: CanvasUserRole) => {
    const { owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    await db.insert(canvasUsers).values({ canvasId: canvas.id, userId: owner.id, role })
    return owner
  }
  const actors: Record<CanvasActorKind, () => Promise<User | null>> = {
    canvasOwner: async () => canvasOwner,
    teamAdmin: async () => teamAdmin,
    teamMember: () => buildUser(db, { teamId: team.id }),
    editor: () => invited('editor'),
    commenter: () => invited('commenter'),
    viewer: () => invited('viewer'),
    guestWithLink: () => buildUser(db, { isGuest: true }),
    outsider: async () => (await buildTeam(db, { plan: 'enterprise35peruser' })).owner,
    anonymous: async () => null,
  }
  const actor = await actors[kind]()
  const client = new TestClient(testApp.app)
  if (actor) {
    const session = await createSession(db, { userId: actor.id, now: testApp.context.now() })
    client.cookies.set(SESSION_COOKIE, session.token)
  }
  return { world: { canvasOwner, teamAdmin, canvas, revision, actor }, client }
}

/** Expected status per canvas actor kind: `everyone(200, { anonymous: 401 })`. */
export function everyone(
  status: number,
  except: Partial<Record<CanvasActorKind, number>> = {},
): Record<CanvasActorKind, number> {
  return Object.fromEntries(CANVAS_ACTOR_KINDS.map((kind) => [kind, except[kind] ?? status])) as Record<
    CanvasActorKind,
    number
  >
}

/** SPEC 6 "edit canvas": the canvas owner and a team admin; whoever else can open the canvas is refused. */
export const editors = (ok: number) =>
  everyone(403, { canvasOwner: ok, teamAdmin: ok, outsider: 404, anonymous: 401 })
