/**
 * The permission matrix, continued (see matrix.test.ts): the routes of a canvas's revisions (issue 17),
 * tried as each person of the canvas (matrix-canvas-world.ts): its owner, a team admin, a team member,
 * invited editor, commenter and viewer, a guest with the feedback link, an outsider, nobody logged in.
 *
 * SPEC 6 "edit canvas" (same team and creator or team admin) covers new, renamed and deleted revisions,
 * files sent into a revision and carrying comments between revisions (decision 047: only editors carry,
 * since they move other people's comments). A verdict is open to anyone who may comment (decision 047),
 * which an invited viewer may not (decision 043). A canvas the caller cannot open answers 404.
 */
import { canvasRevisions } from '@pinpoint/db'
import {
  buildCanvasWorld,
  CANVAS_ACTOR_KINDS,
  type CanvasActorKind,
  type CanvasWorld,
  editors,
  everyone,
} from './matrix-canvas-world'
import { type MatrixRowOf, PNG, runMatrixOf, testApp } from './matrix-rows'

type Row = MatrixRowOf<CanvasActorKind, CanvasWorld>
const { db } = testApp.context.database

/** Revision 2 of the world's canvas (revision 1 stays the first). */
async function secondRevision(world: CanvasWorld): Promise<Record<string, string>> {
  const [revision] = await db
    .insert(canvasRevisions)
    .values({ canvasId: world.canvas.id, number: 2 })
    .returning()
  if (!revision) throw new Error('no revision')
  return { revisionId: revision.id }
}

const ROWS: Row[] = [
  {
    method: 'POST',
    route: '/canvases/{id}/revisions',
    path: (w) => `/canvases/${w.canvas.id}/revisions`,
    body: () => ({ name: 'Second round' }),
    expect: editors(200),
  },
  {
    method: 'PUT',
    route: '/canvas-revisions/{id} (rename)',
    path: (w) => `/canvas-revisions/${w.revision.id}`,
    body: () => ({ name: 'First round' }),
    expect: editors(200),
  },
  {
    method: 'PUT',
    route: '/canvas-revisions/{id} (make it the one shown first)',
    setup: secondRevision,
    path: (_w, extra) => `/canvas-revisions/${extra.revisionId}`,
    body: () => ({ current: true }),
    expect: editors(200),
  },
  {
    method: 'DELETE',
    route: '/canvas-revisions/{id}',
    setup: secondRevision,
    path: (_w, extra) => `/canvas-revisions/${extra.revisionId}`,
    expect: editors(200),
  },
  {
    method: 'POST',
    route: '/canvas-assets (a file into a revision)',
    setup: secondRevision,
    path: () => '/canvas-assets',
    body: (w, extra) => {
      const form = new FormData()
      form.append('id', w.canvas.id)
      form.append('canvasAssetFile', new File([PNG], 'v2.png', { type: 'image/png' }))
      form.append('revisionId', extra.revisionId ?? '')
      return form
    },
    expect: editors(200),
  },
  {
    method: 'POST',
    route: '/canvas-revisions/{id}/carry-comments',
    setup: secondRevision,
    path: (_w, extra) => `/canvas-revisions/${extra.revisionId}/carry-comments`,
    body: (w) => ({ fromRevisionId: w.revision.id }),
    expect: editors(200),
  },
  {
    method: 'POST',
    route: '/canvases/{id}/reviews (a verdict)',
    path: (w) => `/canvases/${w.canvas.id}/reviews`,
    body: (w) => ({ status: 'approved', comment: 'Good to go', CanvasRevisionId: w.revision.id }),
    expect: everyone(200, { viewer: 403, outsider: 404, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/canvases/{id}/reviews (request changes on the current revision)',
    path: (w) => `/canvases/${w.canvas.id}/reviews`,
    body: () => ({ status: 'changes-requested' }),
    expect: everyone(200, { viewer: 403, outsider: 404, anonymous: 401 }),
  },
]

runMatrixOf(ROWS, CANVAS_ACTOR_KINDS, (app, kind) => buildCanvasWorld(app, kind))

/** A video's new version goes up through tus; asking for the upload is the permission that matters. */
const VIDEO_ROWS: Row[] = [
  {
    method: 'POST',
    route: '/canvas-video-assets (a video into a revision)',
    setup: secondRevision,
    path: () => '/canvas-video-assets',
    body: (w, extra) => ({
      id: w.canvas.id,
      fileSizeInBytes: 1024,
      name: 'v2.mp4',
      position: 0,
      revisionId: extra.revisionId,
    }),
    expect: editors(200),
  },
]

runMatrixOf(VIDEO_ROWS, CANVAS_ACTOR_KINDS, (app, kind) => buildCanvasWorld(app, kind, 'video'))
