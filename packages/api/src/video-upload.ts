/**
 * Sending a video to the video provider with tus (tus-js-client): resumes an earlier upload of the same
 * file from its stored offset (resume entries live in local storage), retries with the SPEC delays
 * (0, 3, 5, 10, 20, 60, 60 s), and carries the provider's signature headers (SPEC 7 canvas-video-assets).
 * Shared by every screen that uploads a video (new canvas, new version from the dashboard or the review).
 */
import { VIDEO_UPLOAD_RETRY_DELAYS_MS } from '@pinpoint/domain'
import type { Upload } from 'tus-js-client'
import type { UploadableVideoDetails } from './types'

/** The tus endpoint of the video provider (the server itself by default). */
export function tusEndpoint(details: UploadableVideoDetails): string {
  return details.endpoint ?? details.uploadUrl ?? '/api/v1/uploads'
}

export function uploadVideo({
  file,
  details,
  title,
  onProgress,
}: {
  file: File
  details: UploadableVideoDetails
  /** The canvas's title, sent as the video's title. */
  title: string
  onProgress: (sent: number, total: number) => void
}): { promise: Promise<void>; abort: () => void } {
  let upload: Upload | null = null
  let aborted = false
  // tus-js-client is loaded on the first video upload, not with the screen.
  const promise = import('tus-js-client').then(
    ({ Upload: TusUpload }) =>
      new Promise<void>((resolve, reject) => {
        if (aborted) return reject(new Error('Upload cancelled'))
        upload = new TusUpload(file, {
          endpoint: new URL(tusEndpoint(details), location.href).toString(),
          retryDelays: [...VIDEO_UPLOAD_RETRY_DELAYS_MS],
          chunkSize: 8 * 1024 * 1024,
          headers: {
            AuthorizationSignature: details.signature,
            AuthorizationExpire: String(details.expiration),
            VideoId: details.guid,
            LibraryId: String(details.videoLibraryId),
          },
          metadata: { filetype: file.type, filename: file.name, title, guid: details.guid },
          removeFingerprintOnSuccess: true,
          onProgress,
          onSuccess: () => resolve(),
          onError: (error) => reject(error),
        })
        const started = upload
        started
          .findPreviousUploads()
          .then((previous) => {
            const last = previous[0]
            if (last) started.resumeFromPreviousUpload(last)
            started.start()
          })
          .catch(() => started.start())
      }),
  )
  return {
    promise,
    abort: () => {
      aborted = true
      void (upload as Upload | null)?.abort(false)
    },
  }
}
