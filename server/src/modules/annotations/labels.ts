/**
 * POST and DELETE /annotations/{annotationId}/labels/{labelId}: putting a team label on an annotation or
 * taking it off (SPEC 6: same team or the annotation's creator). A label of another team is NotFound, like
 * a missing one. Adding twice or removing an absent label changes nothing and records nothing.
 */
import { annotationLabels, labels } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import { authorize } from '../../policy'
import { requireUser } from '../auth/plugin'
import { inTransaction } from '../canvases/transaction'
import { annotationSnapshot, recordAnnotationEvent } from './feed'
import type { AnnotationJson } from './json-sql'
import { loadAnnotation } from './load'
import type { CallInput } from './service'

const LABEL_FORBIDDEN =
  'Labels can be changed by the canvas team or the comment author, on a plan with labels.'

async function changeLabel(
  input: CallInput,
  annotationId: string,
  labelId: string,
  add: boolean,
): Promise<AnnotationJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  const result = await inTransaction(context.database.db, async (tx) => {
    const { annotation, canvas } = await loadAnnotation({ ...input, db: tx, lock: true }, annotationId)
    const [label] = await tx.select().from(labels).where(eq(labels.id, labelId)).limit(1)
    if (!label || label.teamId !== canvas.ownerTeamId) throw new NotFound('Label not found.')
    authorize(
      actor,
      'annotation.label',
      { canvas: canvas.domain, comment: annotation, labelTeamId: label.teamId },
      LABEL_FORBIDDEN,
    )
    const changed = add
      ? await tx.insert(annotationLabels).values({ annotationId, labelId }).onConflictDoNothing().returning()
      : await tx
          .delete(annotationLabels)
          .where(and(eq(annotationLabels.annotationId, annotationId), eq(annotationLabels.labelId, labelId)))
          .returning()
    if (changed.length > 0) {
      await recordAnnotationEvent(tx, {
        type: add ? 'annotation.label-added' : 'annotation.label-removed',
        annotation,
        actorUserId: user.id,
        data: { label: { id: label.id, name: label.name, color: label.color } },
      })
    }
    return annotationSnapshot(tx, annotation.id, canvas.privateComments, true)
  })
  if (!result) throw new Error('the annotation could not be read back')
  return result
}

export const addAnnotationLabel = (input: CallInput, annotationId: string, labelId: string) =>
  changeLabel(input, annotationId, labelId, true)

export const removeAnnotationLabel = (input: CallInput, annotationId: string, labelId: string) =>
  changeLabel(input, annotationId, labelId, false)
