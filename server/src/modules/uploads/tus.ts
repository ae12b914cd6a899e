/**
 * The built-in video provider: a tus 1.0 endpoint (`@tus/server` `handleWeb`) at /api/v1/uploads.
 *
 * - Every request (POST create, HEAD resume, PATCH chunks, DELETE terminate) carries the signature headers
 *   of `POST /canvas-video-assets` (signature.ts); the upload id starts with the signed guid (the asset id),
 *   so a signature only ever reaches its own upload.
 * - The declared size is enforced: Upload-Length must equal the asset's `fileSizeInBytes`, and tus refuses
 *   bytes beyond it.
 * - Chunks are staged by `@tus/file-store` under `<DATA_DIR>/tus` (the offset is the file's size on disk, so
 *   a killed server resumes exactly where it stopped). When the last byte arrives, the content is sniffed
 *   (it must be a video) and the file is moved into the storage module (a rename on local disk, a streamed
 *   multipart upload to S3); the asset becomes `ready`.
 * - A HEAD on a completed upload answers its final offset (= its length), as tus requires, although the
 *   staged file has moved into storage: the asset being `ready` is the record of completion.
 * - Locks are PostgreSQL advisory locks every process sees (locker.ts): a concurrent request on the same
 *   upload gets 423 Locked.
 */
import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { canvasAssets } from '@pinpoint/db'
import { FileStore } from '@tus/file-store'
import { ERRORS, Server, type Upload } from '@tus/server'
import { and, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { sniff, UPLOAD_LIMITS } from '../../media'
import { newStorageKey } from '../../platform/storage'
import { recordEvent } from '../events/service'
import { createUploadLocker } from './locker'
import { verifyVideoUpload } from './signature'

export const TUS_PATH = '/api/v1/uploads'
/** Asset ids (UUIDv7, with or without hyphens); never an underscore, which separates the random part. */
const GUID = /^[0-9a-zA-Z-]{8,64}$/

/**
 * FileStore with a shorter write path: the chunk stream is written with positioned writes on one file
 * handle, instead of piping through a counting Transform into an fs.WriteStream (one stream hop less per
 * chunk; same on-disk result, and the offset is still the file's size, so resume works as before).
 */
class DirectFileStore extends FileStore {
  constructor(private readonly stagingDir: string) {
    super({ directory: stagingDir })
  }

  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    const handle = await open(join(this.stagingDir, fileId), 'r+')
    let position = offset
    try {
      for await (const chunk of readable as AsyncIterable<Uint8Array>) {
        await handle.write(chunk, 0, chunk.byteLength, position)
        position += chunk.byteLength
      }
    } catch {
      // What reached the disk stays there: the next HEAD reports it and the client resumes from it.
      throw ERRORS.FILE_WRITE_ERROR
    } finally {
      await handle.close()
    }
    return position
  }
}

type TusError = { status_code: number; body: string }
const fail = (status_code: number, body: string): TusError => ({ status_code, body: `${body}\n` })

function guidOf(uploadId: string): string {
  return uploadId.split('_')[0] ?? ''
}

export function createTusServer(context: AppContext) {
  const { db } = context.database
  const directory = join(context.config.dataDir, 'tus')
  const secret = context.config.sessionSecret

  async function pendingAsset(guid: string) {
    const [asset] = await db
      .select()
      .from(canvasAssets)
      .where(
        and(
          eq(canvasAssets.id, guid),
          eq(canvasAssets.type, 'video'),
          inArray(canvasAssets.uploadStatus, ['pending', 'uploading']),
        ),
      )
    return asset ?? null
  }

  function checkHeaders(request: Request): string {
    const check = verifyVideoUpload(secret, request.headers, context.now())
    if (!check.ok) throw fail(check.status, check.reason)
    if (!GUID.test(check.guid)) throw fail(403, 'The upload signature is not valid.')
    return check.guid
  }

  /**
   * HEAD of an upload tus no longer knows (its staged file and record are gone once complete): when it is
   * this signature's upload of an asset that is ready, the answer is "complete", offset = length.
   */
  async function completedHead(request: Request): Promise<Response | null> {
    const uploadId = new URL(request.url).pathname.split('/').pop() ?? ''
    const guid = checkHeaders(request)
    if (guidOf(uploadId) !== guid) return null
    const [asset] = await db
      .select({ sizeBytes: canvasAssets.sizeBytes })
      .from(canvasAssets)
      .where(
        and(
          eq(canvasAssets.id, guid),
          eq(canvasAssets.type, 'video'),
          eq(canvasAssets.uploadStatus, 'ready'),
        ),
      )
    if (asset?.sizeBytes == null) return null
    return new Response(null, {
      status: 200,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(asset.sizeBytes),
        'Upload-Length': String(asset.sizeBytes),
        'Cache-Control': 'no-store',
      },
    })
  }

  async function finish(upload: Upload): Promise<void> {
    const guid = guidOf(upload.id)
    const path = join(directory, upload.id)
    const head = new Uint8Array(4100)
    const handle = await open(path, 'r')
    try {
      await handle.read(head, 0, head.length, 0)
    } finally {
      await handle.close()
    }
    const sniffed = await sniff(head)
    if (sniffed.kind !== 'video') {
      await db.update(canvasAssets).set({ uploadStatus: 'failed' }).where(eq(canvasAssets.id, guid))
      await rm(path, { force: true })
      throw fail(415, 'This file is not a video. Upload an MP4, WebM or QuickTime video.')
    }
    const key = newStorageKey('videos', sniffed.ext)
    const { size } = await context.storage.importFile(key, path, { contentType: sniffed.mime })
    await rm(`${path}.json`, { force: true })
    const [asset] = await db
      .update(canvasAssets)
      .set({ storageKey: key, mimeType: sniffed.mime, sizeBytes: size, uploadStatus: 'ready' })
      .where(eq(canvasAssets.id, guid))
      .returning()
    if (asset)
      await recordEvent(db, { type: 'asset.uploaded', canvasId: asset.canvasId, data: { assetId: asset.id } })
  }

  const locker = createUploadLocker(context.database, context.config.databaseUrl)
  const server = new Server({
    path: TUS_PATH,
    datastore: new DirectFileStore(directory),
    locker,
    relativeLocation: true,
    // The upload id: the signed guid plus a random part, so a new upload for the same asset (SPEC 4: "a 4xx
    // on the resume check creates a new upload") never collides with a stale one.
    namingFunction: (request) =>
      `${checkHeaders(request as unknown as Request)}_${crypto.randomUUID().replaceAll('-', '')}`,
    maxSize: async (_request, uploadId) => {
      if (!uploadId) return UPLOAD_LIMITS.video
      const asset = await pendingAsset(guidOf(uploadId))
      return asset?.sizeBytes ?? 1
    },
    onIncomingRequest: async (request, uploadId) => {
      const guid = checkHeaders(request as unknown as Request)
      if (guidOf(uploadId) !== guid) throw fail(403, 'This signature is for another upload.')
    },
    onUploadCreate: async (_request, upload) => {
      const asset = await pendingAsset(guidOf(upload.id))
      if (!asset) throw fail(404, 'This video is not waiting for an upload.')
      if (upload.size !== asset.sizeBytes)
        throw fail(400, `Upload-Length must be the declared size (${asset.sizeBytes} bytes).`)
      await db.update(canvasAssets).set({ uploadStatus: 'uploading' }).where(eq(canvasAssets.id, asset.id))
      return {}
    },
    onUploadFinish: async (_request, upload) => {
      await finish(upload)
      return {}
    },
  })

  return {
    /** Answers one tus request (the route has already refused methods tus must not serve). */
    async handle(request: Request): Promise<Response> {
      const response = await server.handleWeb(request)
      if (request.method !== 'HEAD' || response.status !== 404) return response
      return (await completedHead(request).catch(() => null)) ?? response
    },
    close: () => locker.close(),
  }
}
