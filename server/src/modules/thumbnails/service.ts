/**
 * Revision pictures (decision 056): one per revision, taken in a reviewer's browser and stored under an
 * opaque key. Whoever may open the canvas (signed in, guests included) may store the first one; only the
 * canvas's editors may replace it (`mayStoreThumbnail`). A new picture gets a new key, so its signed URL
 * (issued only with the canvas's JSON, after the canvas's access check) changes and a card shows it at once.
 */
import { canvasRevisions, type DbOrTx } from '@pinpoint/db'
import {
  AppError,
  mayStoreThumbnail,
  NotFound,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_MAX_HEIGHT,
  THUMBNAIL_TYPES,
  THUMBNAIL_WIDTH,
} from '@pinpoint/domain'
import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { imageSize } from '../../media/image-size'
import { sniff } from '../../media/sniff'
import { newStorageKey } from '../../platform/storage'
import type { Actor } from '../auth/actor'
import { requireUser } from '../auth/plugin'
import { loadCanvasForView, type ViewOptions } from '../canvases/access'

type Ctx = Pick<AppContext, 'database' | 'storage' | 'logger' | 'now'>

/** Checks the picture by content: type, byte size and pixel size. Returns its type and extension. */
async function checkPicture(file: Blob): Promise<{ mime: string; ext: string; bytes: Uint8Array }> {
  if (file.size > THUMBNAIL_MAX_BYTES) {
    throw new AppError('The picture is too large.', {
      name: 'FileTooLarge',
      status: 413,
      meta: { limit: THUMBNAIL_MAX_BYTES },
    })
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const sniffed = await sniff(bytes.subarray(0, 4096))
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw new AppError('A picture must be a WebP, JPEG or PNG image.', {
      name: 'UnsupportedFileType',
      status: 415,
      meta: { allowed: THUMBNAIL_TYPES },
    })
  }
  const size = imageSize(bytes, sniffed.mime)
  if (!size || size.width > THUMBNAIL_WIDTH || size.height > THUMBNAIL_MAX_HEIGHT) {
    throw new AppError(`A picture is at most ${THUMBNAIL_WIDTH} × ${THUMBNAIL_MAX_HEIGHT} pixels.`, {
      name: 'ValidationFailed',
      status: 422,
      meta: { field: 'file', maxWidth: THUMBNAIL_WIDTH, maxHeight: THUMBNAIL_MAX_HEIGHT },
    })
  }
  return { mime: sniffed.mime, ext: sniffed.ext, bytes }
}

async function revisionOf(db: DbOrTx, revisionId: string) {
  const [revision] = await db.select().from(canvasRevisions).where(eq(canvasRevisions.id, revisionId))
  if (!revision) throw new NotFound('Revision not found.')
  return revision
}

/**
 * PUT /canvas-revisions/{id}/thumbnail. The file is stored before the row changes; the row changes only
 * if the revision still has the picture this call saw (two first visitors at once: one wins, the other's
 * file is deleted), and the replaced file is deleted after the change.
 */
export async function storeThumbnail(
  ctx: Ctx,
  actor: Actor,
  revisionId: string,
  file: Blob,
  access: ViewOptions,
) {
  requireUser(actor)
  const { db } = ctx.database
  const revision = await revisionOf(db, revisionId)
  // NotFound for a canvas the caller may not open: the revision id reveals nothing.
  const view = await loadCanvasForView(db, actor, revision.canvasId, access)
  if (!mayStoreThumbnail({ hasThumbnail: revision.thumbnailKey !== null, mayReplace: view.editable })) {
    throw new AppError('This revision already has a picture; only the canvas’s editors can replace it.', {
      name: 'Forbidden',
      status: 403,
    })
  }
  const picture = await checkPicture(file)
  const key = newStorageKey('thumbnails', picture.ext)
  await ctx.storage.put(key, picture.bytes, { contentType: picture.mime })
  const previous = revision.thumbnailKey
  const [updated] = await db
    .update(canvasRevisions)
    .set({ thumbnailKey: key, thumbnailAt: ctx.now() })
    .where(
      and(
        eq(canvasRevisions.id, revisionId),
        previous === null ? isNull(canvasRevisions.thumbnailKey) : eq(canvasRevisions.thumbnailKey, previous),
      ),
    )
    .returning()
  if (!updated) {
    // Someone else stored one meanwhile: theirs stays.
    await ctx.storage.delete(key)
    return { revision: await revisionOf(db, revisionId), stored: false }
  }
  if (previous) {
    await ctx.storage.delete(previous).catch((error: unknown) => {
      ctx.logger.warn('replaced thumbnail not deleted', { error: String(error) })
    })
  }
  return { revision: updated, stored: true }
}
