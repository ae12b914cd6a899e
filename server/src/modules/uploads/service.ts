/** POST /canvas-video-assets: a pending video asset and the signature to upload its file with tus. */
import { canvasAssets } from '@pinpoint/db'
import { AppError } from '@pinpoint/domain'
import type { AppContext } from '../../context'
import { fileTooLarge, UPLOAD_LIMITS } from '../../media'
import { nextPosition, resolveRevisionId } from '../assets/service'
import type { Actor } from '../auth/actor'
import { assertCanvasWritable, loadCanvasForEdit } from '../canvases/access'
import { inTransaction } from '../canvases/transaction'
import { recordEvent } from '../events/service'
import { loadEditableFolder } from '../folders/service'
import { signVideoUpload } from './signature'

export interface CreateVideoAssetInput {
  id: string
  fileSizeInBytes: number
  name?: string
  position?: number
  revisionId?: string | null
  folderId?: string | null
}

export async function createVideoAsset(context: AppContext, actor: Actor, input: CreateVideoAssetInput) {
  if (input.fileSizeInBytes > UPLOAD_LIMITS.video) throw fileTooLarge(UPLOAD_LIMITS.video)
  const asset = await inTransaction(context.database.db, async (tx) => {
    const view = await loadCanvasForEdit(tx, actor, input.id, true)
    assertCanvasWritable(view, actor.user, context.now())
    if (view.canvas.type !== 'video') {
      throw new AppError('Videos can only be added to a video canvas.', {
        name: 'UnsupportedFileType',
        status: 415,
      })
    }
    const revisionId = await resolveRevisionId(tx, view.canvas, input.revisionId)
    // An unknown or foreign folder is a 404 like everywhere else, not a foreign-key failure.
    if (input.folderId) await loadEditableFolder(tx, actor, input.folderId)
    const [row] = await tx
      .insert(canvasAssets)
      .values({
        canvasId: view.canvas.id,
        canvasRevisionId: revisionId,
        name: input.name?.trim() || 'Video',
        type: 'video',
        position: input.position ?? (await nextPosition(tx, revisionId)),
        sizeBytes: input.fileSizeInBytes,
        folderId: input.folderId ?? view.canvas.folderId,
        uploadStatus: 'pending',
      })
      .returning()
    if (!row) throw new Error('inserting the video asset returned no row')
    await recordEvent(tx, {
      type: 'asset.created',
      canvasId: row.canvasId,
      actorUserId: actor.user?.id ?? null,
      data: { assetId: row.id, revisionId },
    })
    return row
  })
  return {
    asset,
    uploadableVideoDetails: signVideoUpload(context.config.sessionSecret, asset.id, context.now()),
  }
}
