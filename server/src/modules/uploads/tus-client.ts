/**
 * Test and benchmark helper: drives a real tus upload with `tus-js-client` (the client the product uses),
 * with the provider signature headers and the SPEC retry delays unless told otherwise.
 */
import { createReadStream, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VIDEO_UPLOAD_RETRY_DELAYS_MS } from '@pinpoint/domain'
import * as tus from 'tus-js-client'
import { TUS_CHUNK_BYTES } from './signature'

export interface VideoDetails {
  signature: string
  expiration: number
  guid: string
  videoLibraryId: string
}

export function signatureHeaders(details: VideoDetails): Record<string, string> {
  return {
    AuthorizationSignature: details.signature,
    AuthorizationExpire: String(details.expiration),
    VideoId: details.guid,
    LibraryId: details.videoLibraryId,
  }
}

export interface TusRun {
  upload: tus.Upload
  /** Resolves when the upload succeeds; rejects on a final error. */
  done: Promise<void>
}

/**
 * The data is handed to tus-js-client as a file stream (its FileSource, as a Node app uploading a file would):
 * its Buffer source sizes writes by `writableHighWaterMark`, which Bun's http.ClientRequest leaves at 0, so a
 * Buffer upload never sends a byte under Bun.
 */
function asFileStream(data: Buffer | string) {
  if (typeof data === 'string') return { stream: createReadStream(data), size: Bun.file(data).size }
  const path = join(tmpdir(), `pinpoint-tus-${crypto.randomUUID()}`)
  writeFileSync(path, data)
  return { stream: createReadStream(path), size: data.length }
}

export function startUpload(
  endpoint: string,
  data: Buffer | string,
  details: VideoDetails,
  options: {
    onProgress?: (sent: number, total: number) => void
    retryDelays?: number[] | null
    chunkSize?: number
    uploadUrl?: string
  } = {},
): TusRun {
  let resolve: () => void = () => {}
  let reject: (error: Error) => void = () => {}
  const done = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  const source = asFileStream(data)
  const upload = new tus.Upload(source.stream, {
    endpoint,
    uploadUrl: options.uploadUrl,
    headers: signatureHeaders(details),
    metadata: { filename: `${details.guid}.mp4`, filetype: 'video/mp4' },
    retryDelays: options.retryDelays === undefined ? [...VIDEO_UPLOAD_RETRY_DELAYS_MS] : options.retryDelays,
    // FileSource needs a finite chunk size (Infinity becomes NaN in its read range), and Bun refuses request
    // bodies over 128 MB: PATCHes of at most TUS_CHUNK_BYTES, as the product's client is configured.
    chunkSize: options.chunkSize ?? Math.min(source.size, TUS_CHUNK_BYTES),
    storeFingerprintForResuming: false,
    onProgress: options.onProgress,
    onSuccess: () => resolve(),
    onError: (error) => reject(error),
  })
  upload.start()
  return { upload, done }
}

/** Resumes an upload object (after abort() or a failure): tus-js-client HEADs its URL and continues. */
export function resumeUpload(upload: tus.Upload): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    upload.options.onSuccess = () => resolve()
    upload.options.onError = (error) => reject(error)
    upload.start()
  })
}
