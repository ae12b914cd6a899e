/**
 * Assigning an annotation to a person (SPEC 6 "assigning comments": team and plan not a team49 variant).
 * The assignee must be a member of the canvas and, for a private comment, allowed to see it; they are
 * notified unless they assigned themself.
 */
import { annotations } from '@pinpoint/db'
import { canSeePrivateComments, NotFound, ValidationFailed } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { authorize } from '../../policy'
import { loadActorUser } from '../auth/actor'
import { requireUser } from '../auth/plugin'
import { inTransaction } from '../canvases/transaction'
import { notify } from '../notifications/service'
import { annotationSnapshot, recordAnnotationEvent } from './feed'
import type { AnnotationJson } from './json-sql'
import { loadAnnotation } from './load'
import type { CallInput } from './service'

const ASSIGN_FORBIDDEN =
  'Assigning comments needs a team on a plan other than team49, and a member of the canvas.'

export async function assignAnnotation(
  input: CallInput,
  annotationId: string,
  assigneeId: string | null,
): Promise<AnnotationJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  const result = await inTransaction(context.database.db, async (tx) => {
    const { annotation, canvas } = await loadAnnotation({ ...input, db: tx, lock: true }, annotationId)
    const assignee = assigneeId ? await loadActorUser(tx, assigneeId) : null
    if (assigneeId && !assignee) throw new NotFound('User not found.')
    authorize(actor, 'comment.assign', { canvas: canvas.domain, assignee }, ASSIGN_FORBIDDEN)
    if (assignee && annotation.isPrivate && !canSeePrivateComments(assignee, canvas.domain)) {
      throw new ValidationFailed(
        'This person cannot see private comments, so they cannot be assigned this one.',
      )
    }
    const previous = annotation.assignedUserId
    if (previous !== (assignee?.id ?? null)) {
      const [after] = await tx
        .update(annotations)
        .set({ assignedUserId: assignee?.id ?? null })
        .where(eq(annotations.id, annotation.id))
        .returning()
      if (!after) throw new Error('assigning returned no row')
      await recordAnnotationEvent(tx, {
        type: assignee ? 'annotation.assigned' : 'annotation.unassigned',
        annotation: after,
        actorUserId: user.id,
        data: { assignedUserId: after.assignedUserId, previousAssignedUserId: previous },
      })
      if (assignee) {
        await notify(tx, {
          canvas,
          actor: user,
          comment: { annotationId: after.id, isPrivate: after.isPrivate, comment: after.comment },
          recipients: new Map([[assignee.id, 'notification.assigned']]),
        })
      }
    }
    return annotationSnapshot(tx, annotation.id, canvas.privateComments, true)
  })
  if (!result) throw new Error('the annotation could not be read back')
  return result
}
