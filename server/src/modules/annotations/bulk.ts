/**
 * Changes to many annotations of one canvas at once: the exported mark and the inactive reason of a page.
 * Only annotations the caller may see are touched; each change is announced once per privacy side.
 */
import { type Annotation, annotations } from '@pinpoint/db'
import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm'
import { authorize } from '../../policy'
import { requireUser } from '../auth/plugin'
import { inTransaction } from '../canvases/transaction'
import { recordEvents } from '../events/service'
import { type AnnotationJson, annotationsJson } from './json-sql'
import { canvasFor } from './load'
import type { InactiveReasonBody } from './model'
import type { CallInput } from './service'

interface BulkChange {
  canvasId: string
  action: 'comment.markExported' | 'comment.setInactiveReason'
  message: string
  where: (includePrivate: boolean) => SQL | undefined
  set: Partial<Annotation>
  eventType: string
  eventData: Record<string, unknown>
}

async function applyBulk(input: CallInput, change: BulkChange): Promise<AnnotationJson[]> {
  const { context, actor } = input
  const user = requireUser(actor)
  return inTransaction(context.database.db, async (tx) => {
    const canvas = await canvasFor({ ...input, db: tx }, change.canvasId)
    authorize(actor, change.action, canvas.domain, change.message)
    const visible = canvas.privateComments ? undefined : eq(annotations.isPrivate, false)
    const rows = await tx
      .update(annotations)
      .set(change.set)
      .where(and(eq(annotations.canvasId, canvas.canvas.id), visible, change.where(canvas.privateComments)))
      .returning({ id: annotations.id, isPrivate: annotations.isPrivate })
    const sides = [false, true].map((isPrivate) =>
      rows.filter((row) => row.isPrivate === isPrivate).map((row) => row.id),
    )
    await recordEvents(
      tx,
      sides.flatMap((ids, index) =>
        ids.length === 0
          ? []
          : [
              {
                type: change.eventType,
                canvasId: canvas.canvas.id,
                actorUserId: user.id,
                isPrivate: index === 1,
                data: { ...change.eventData, annotationIds: ids },
              },
            ],
      ),
    )
    const json = await annotationsJson(tx, {
      annotationIds: rows.map((row) => row.id),
      includePrivate: canvas.privateComments,
    })
    return [...json.values()]
  })
}

/** POST /canvases/{id}/annotations/mark-as-exported: sets lastExportDate (an annotation counts as exported). */
export function markAnnotationsExported(input: CallInput, canvasId: string, annotationIds: string[]) {
  const now = input.context.now()
  return applyBulk(input, {
    canvasId,
    action: 'comment.markExported',
    message: 'Exporting comments needs a team on a plan other than team49.',
    where: () => inArray(annotations.id, [...new Set(annotationIds)]),
    set: { lastExportDate: now },
    eventType: 'annotations.exported',
    eventData: { lastExportDate: now.toISOString() },
  })
}

/**
 * PUT /canvases/{id}/annotations/inactive-reason: sets the reason on the page's annotations (all of them, or
 * the ones named), or clears it (null) for every annotation of the canvas at that path (SPEC 4).
 */
export function setInactiveReason(input: CallInput, canvasId: string, body: InactiveReasonBody) {
  const ids = body.inactiveReason !== null && body.annotationIds ? [...new Set(body.annotationIds)] : null
  return applyBulk(input, {
    canvasId,
    action: 'comment.setInactiveReason',
    message: "Only the canvas's team can hide pins.",
    where: () =>
      and(
        eq(annotations.path, body.path),
        ids ? inArray(annotations.id, ids) : undefined,
        // Clearing the page does not touch comments carried without a spot: only re-attaching places them.
        body.inactiveReason === null
          ? or(isNull(annotations.inactiveReason), ne(annotations.inactiveReason, 'needs-new-spot'))
          : undefined,
      ),
    set: { inactiveReason: body.inactiveReason },
    eventType: 'annotations.inactive-reason',
    eventData: { path: body.path, inactiveReason: body.inactiveReason },
  })
}
