/**
 * A canvas as the comment features see it: the canvases module decides who may open it (member, invited
 * canvas user, feedback link with its password grant); this adds what comments need on top: whether the
 * viewer may see private comments, and whether new comments are refused (read-only canvas).
 */
import type { DbOrTx } from '@pinpoint/db'
import {
  canAccessCanvas,
  canEditCanvas,
  canSeePrivateComments,
  type MaybeUser,
  NotFound,
} from '@pinpoint/domain'
import type { Actor } from '../auth/actor'
import {
  type CanvasRecord,
  type CanvasView,
  canvasStateFor,
  loadCanvasRecord,
  mayViewCanvas,
  mayViewWith,
} from '../canvases/access'
import { hasLinkGrant } from '../canvases/link-grant'

export type { CanvasRecord } from '../canvases/access'
export { loadCanvasRecord } from '../canvases/access'

export interface CommentCanvas extends CanvasView {
  /** May see (and write) private comments on this canvas. */
  privateComments: boolean
  /** New comments are refused for this viewer; the reason says why. */
  readOnly: boolean
  readOnlyReason: string | null
  readOnlyCode: string | null
}

export interface ViewInput {
  db: DbOrTx
  actor: Actor
  canvasId: string
  now: Date
  /** The request (or WebSocket upgrade request), for the feedback link's password grant cookie. */
  request?: Request
  secret: string
}

function withCommentRights(record: CanvasRecord, user: MaybeUser, now: Date): CommentCanvas {
  const state = canvasStateFor(record, user, now)
  return {
    ...record,
    member: canAccessCanvas(user, record.domain),
    editable: canEditCanvas(user, record.domain),
    privateComments: canSeePrivateComments(user, record.domain),
    readOnly: state.readOnly,
    readOnlyReason: state.reason,
    readOnlyCode: state.reasonCode,
  }
}

/** The canvas for this viewer; NotFound when it is missing or they may not open it. */
export async function viewCommentCanvas({
  db,
  actor,
  canvasId,
  now,
  request,
  secret,
}: ViewInput): Promise<CommentCanvas> {
  const record = await loadCanvasRecord(db, canvasId)
  if (!record) throw new NotFound('Canvas not found.')
  const passwordGranted = request ? hasLinkGrant(request, secret, record.canvas, now) : false
  if (!(await mayViewCanvas(db, actor, record, { passwordGranted }))) throw new NotFound('Canvas not found.')
  return withCommentRights(record, actor.user, now)
}

/**
 * The same as viewCommentCanvas on facts read beforehand (the fast write path): the record and whether
 * the viewer is invited to the canvas.
 */
export function commentCanvasWith(
  input: Omit<ViewInput, 'db' | 'canvasId'>,
  record: CanvasRecord | null,
  invited: boolean,
): CommentCanvas {
  if (!record) throw new NotFound('Canvas not found.')
  const { actor, request, secret, now } = input
  const passwordGranted = request ? hasLinkGrant(request, secret, record.canvas, now) : false
  if (!mayViewWith(actor, record, invited, { passwordGranted })) throw new NotFound('Canvas not found.')
  return withCommentRights(record, actor.user, now)
}

/** Whether another user (a notification recipient) may open the canvas; no link-password grant applies. */
export function userMayViewCanvas(db: DbOrTx, user: Actor['user'], record: CanvasRecord): Promise<boolean> {
  return mayViewCanvas(db, { user, via: 'none' }, record)
}
