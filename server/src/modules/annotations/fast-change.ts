/**
 * A status change and a label put on or taken off in two round trips (decision 052): the write context
 * with the annotation's flat JSON rows, then one statement. The new JSON (answer and event snapshot) is the
 * read JSON with the change applied, so the write is gated on the annotation row being the one that was
 * read (`xmin`): a concurrent change of the same annotation makes the gate fail and the whole thing run
 * again on fresh rows, and gating every such write on the same row serialises them (row lock), so no event
 * carries a snapshot that misses a change committed before it.
 */
import { NotFound } from '@pinpoint/domain'
import { sql } from 'drizzle-orm'
import { authorize } from '../../policy'
import { requireUser } from '../auth/plugin'
import type { RecordEventInput } from '../events/service'
import { planNotify } from '../notifications/plan'
import { annotationOf, type FastInput, jsonOfRows, LostRace, withRetries } from './fast-write'
import { ANNOTATION, type FlatRow, LABEL } from './json-statement'
import type { AnnotationJson } from './json-types'
import { readWriteContext } from './write-context'
import { runWriteStatement } from './write-statement'

/** A flat row's sort key for a time (json-statement.ts `sortKey`: UTC with microseconds). */
const sortKeyOf = (at: Date) => `${at.toISOString().slice(0, 23).replace('T', ' ')}000`

function annotationRow(rows: readonly FlatRow[]): FlatRow {
  const row = rows.find((candidate) => candidate.k === ANNOTATION)
  if (!row) throw new LostRace('the annotation went away between the reads')
  return row
}

/** Only a status in the body (resolving is one): the fast path; anything else takes service.ts's. */
export const isStatusOnly = (body: object) => Object.keys(body).length === 1 && 'status' in body

export async function changeStatusFast(
  input: FastInput,
  annotationId: string,
  status: string,
): Promise<AnnotationJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  return withRetries(async () => {
    const ctx = await readWriteContext(context.database.db, {
      annotationId,
      viewerId: user.id,
      flatRows: true,
    })
    const { annotation: before, canvas } = annotationOf(input, ctx)
    const statusChanged = status !== before.status
    if (statusChanged) {
      authorize(
        actor,
        'comment.changeStatus',
        { canvas: canvas.domain, comment: before },
        "Only the author or the canvas's team can change the status.",
      )
    }
    const at = new Date()
    const read = annotationRow(ctx.flatRows)
    const rows = ctx.flatRows.map((row) =>
      row === read ? { ...row, c10: status, c26: at.toISOString() } : row,
    )
    const snapshot = jsonOfRows(rows, false, true)
    const comment = { annotationId, isPrivate: before.isPrivate, comment: before.comment }
    const notifications =
      statusChanged && before.userId
        ? planNotify(ctx.candidates, {
            canvas,
            actor: user,
            comment,
            recipients: new Map([[before.userId, 'notification.status']]),
            status,
          }).events
        : []
    const event: RecordEventInput = {
      type: statusChanged ? 'annotation.status-changed' : 'annotation.updated',
      canvasId: before.canvasId,
      annotationId,
      actorUserId: user.id,
      isPrivate: before.isPrivate,
      data: {
        annotationId,
        annotation: snapshot,
        changes: ['status'],
        ...(statusChanged ? { oldStatus: before.status, newStatus: status } : {}),
      },
    }
    const { done } = await runWriteStatement(context.database.db, {
      ctes: [
        sql`g as (update annotations set status = ${status}, updated_at = ${at.toISOString()}
          where id = ${annotationId} and xmin::text = ${read.x} returning id)`,
      ],
      canvasId: before.canvasId,
      events: [event, ...notifications],
    })
    if (!done) throw new LostRace('the annotation changed since it was read')
    return jsonOfRows(rows, true, canvas.privateComments)
  })
}

const LABEL_FORBIDDEN =
  'Labels can be changed by the canvas team or the comment author, on a plan with labels.'

export async function changeLabelFast(
  input: FastInput,
  annotationId: string,
  labelId: string,
  add: boolean,
): Promise<AnnotationJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  return withRetries(async () => {
    const db = context.database.db
    const ctx = await readWriteContext(db, { annotationId, labelId, viewerId: user.id, flatRows: true })
    const { annotation, canvas } = annotationOf(input, ctx)
    const { label } = ctx
    if (!label || label.teamId !== canvas.ownerTeamId) throw new NotFound('Label not found.')
    authorize(
      actor,
      'annotation.label',
      { canvas: canvas.domain, comment: annotation, labelTeamId: label.teamId },
      LABEL_FORBIDDEN,
    )
    const read = annotationRow(ctx.flatRows)
    const present = ctx.flatRows.some((row) => row.k === LABEL && row.id === label.id)
    // Adding twice or removing an absent label changes nothing and records nothing.
    if (add === present) return jsonOfRows(ctx.flatRows, true, canvas.privateComments)
    const at = new Date()
    const rows: FlatRow[] = add
      ? [
          ...ctx.flatRows,
          {
            ...read,
            k: LABEL,
            p: annotationId,
            s: sortKeyOf(at),
            id: label.id,
            c1: label.name,
            c2: label.color,
          },
        ]
      : ctx.flatRows.filter((row) => !(row.k === LABEL && row.id === label.id))
    const change = add
      ? sql`ch as (insert into annotation_labels (annotation_id, label_id, created_at)
          select id, ${label.id}, ${at.toISOString()}::timestamptz from g returning label_id)`
      : sql`ch as (delete from annotation_labels where annotation_id = (select id from g)
          and label_id = ${label.id} returning label_id)`
    const { done } = await runWriteStatement(db, {
      // The gate rewrites nothing but takes the row (lock and new xmin): see the module comment.
      ctes: [
        sql`g as (update annotations set status = status where id = ${annotationId} and xmin::text = ${read.x} returning id)`,
        change,
      ],
      canvasId: annotation.canvasId,
      events: [
        {
          type: add ? 'annotation.label-added' : 'annotation.label-removed',
          canvasId: annotation.canvasId,
          annotationId,
          actorUserId: user.id,
          isPrivate: annotation.isPrivate,
          data: {
            annotationId,
            annotation: jsonOfRows(rows, false, true),
            label: { id: label.id, name: label.name, color: label.color },
          },
        },
      ],
    })
    if (!done) throw new LostRace('the annotation changed since it was read')
    return jsonOfRows(rows, true, canvas.privateComments)
  })
}
