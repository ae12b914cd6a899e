/**
 * Screenshots of pinned spots (issue 17 item 7, decision 055). The review screen captures the pinned
 * region inside the proxied page and sends the image here once the comment exists: `screenshot` when the
 * pin is placed, `afterScreenshot` when a copy-change comment is resolved. The image is stored under an
 * opaque key and the annotation's `screenshotUrl` / `afterScreenshotUrl` becomes an app address naming
 * that key, `/api/v1/annotations/<id>/screenshots/<file>`, served only to someone who may read the comment
 * (a private comment's screenshot stays private, and follows the comment if its privacy changes).
 */
import { annotations } from '@pinpoint/db'
import { NotFound, ValidationFailed } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { fileTooLarge, sniffBlob } from '../../media'
import { newStorageKey } from '../../platform/storage'
import { authorize } from '../../policy'
import { annotationSnapshot, recordAnnotationEvent } from '../annotations/feed'
import type { AnnotationJson } from '../annotations/json-sql'
import { loadAnnotation } from '../annotations/load'
import type { Actor } from '../auth/actor'
import { requireUser } from '../auth/plugin'
import { assertCanvasWritable } from '../canvases/access'
import { inTransaction } from '../canvases/transaction'
import {
  COLUMN,
  FILE_PATTERN,
  mimeOf,
  PREFIX,
  type ScreenshotKind,
  screenshotKeyOf,
  screenshotPath,
} from './paths'

/** A cropped region, WebP or PNG: a few hundred KB in practice; the cap keeps a runaway capture out. */
export const SCREENSHOT_MAX_BYTES = 3 * 1024 * 1024
const SCREENSHOT_TYPES = new Set(['image/png', 'image/webp', 'image/jpeg'])
/**
 * Stores a screenshot of the annotation. The picture of the placed pin is the author's (who placed it);
 * the picture after a copy change is taken by whoever resolves it, so it needs the status rule.
 */
export async function storeScreenshot(
  context: AppContext,
  actor: Actor,
  annotationId: string,
  kind: ScreenshotKind,
  file: Blob,
): Promise<AnnotationJson> {
  const user = requireUser(actor)
  const { db } = context.database
  const { annotation, canvas } = await loadAnnotation({ context, db, actor }, annotationId)
  const subject = { canvas: canvas.domain, comment: annotation }
  if (kind === 'before') authorize(actor, 'comment.edit', subject, 'Only the author can add this screenshot.')
  else
    authorize(
      actor,
      'comment.changeStatus',
      subject,
      "Only the author or the canvas's team can add this screenshot.",
    )
  assertCanvasWritable(canvas, user, context.now())
  if (file.size > SCREENSHOT_MAX_BYTES) throw fileTooLarge(SCREENSHOT_MAX_BYTES)
  const sniffed = await sniffBlob(file)
  if (!SCREENSHOT_TYPES.has(sniffed.mime))
    throw new ValidationFailed('A screenshot must be a PNG, WebP or JPEG image.', {
      issues: [{ path: 'file', message: 'Not a PNG, WebP or JPEG image' }],
    })
  const key = newStorageKey(PREFIX, sniffed.ext === '.jpeg' ? '.jpg' : sniffed.ext)
  await context.storage.put(key, file, { contentType: sniffed.mime, maxBytes: SCREENSHOT_MAX_BYTES })
  const column = COLUMN[kind]
  let previous: string | null = null
  try {
    const json = await inTransaction(db, async (tx) => {
      const [locked] = await tx
        .select()
        .from(annotations)
        .where(eq(annotations.id, annotationId))
        .for('update')
      if (!locked) throw new NotFound('Comment not found.')
      previous = screenshotKeyOf(annotationId, locked[column])
      const [after] = await tx
        .update(annotations)
        .set({ [column]: screenshotPath(annotationId, key) })
        .where(eq(annotations.id, annotationId))
        .returning()
      if (!after) throw new NotFound('Comment not found.')
      // The event carries the new snapshot to every socket: the picture appears live.
      await recordAnnotationEvent(tx, {
        type: 'annotation.updated',
        annotation: after,
        actorUserId: user.id,
        data: { changes: [column] },
      })
      return annotationSnapshot(tx, annotationId, canvas.privateComments, true)
    })
    if (!json) throw new Error('the annotation could not be read back')
    if (previous) await context.storage.delete(previous).catch(() => {})
    return json
  } catch (error) {
    await context.storage.delete(key).catch(() => {})
    throw error
  }
}

/**
 * A short-lived signed URL of one of the annotation's current screenshots, for someone who may read the
 * comment; NotFound for anyone else and for a file that is no longer the annotation's.
 */
export async function screenshotUrlFor(
  context: AppContext,
  actor: Actor,
  annotationId: string,
  file: string,
  request?: Request,
): Promise<string> {
  const { db } = context.database
  const { annotation } = await loadAnnotation({ context, db, actor, request }, annotationId)
  const key = `${PREFIX}/${file}`
  const current = [annotation.screenshotUrl, annotation.afterScreenshotUrl].map((url) =>
    screenshotKeyOf(annotationId, url),
  )
  if (!FILE_PATTERN.test(file) || !current.includes(key)) throw new NotFound('Screenshot not found.')
  return context.storage.url(key, { contentType: mimeOf(file) })
}
