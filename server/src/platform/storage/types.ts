/**
 * The storage interface every feature uses for files (avatars, canvas assets, thumbnails, videos, attachments).
 * Keys are opaque (`newStorageKey`), never derived from user input, so a file name can never point outside
 * the store. Two backends implement it: local disk (default) and S3-compatible object storage.
 */

/** What `put` accepts. Streams are written as they arrive (never buffered whole). */
export type StorageBody = ReadableStream<Uint8Array> | Blob | Uint8Array | ArrayBuffer | string

export interface PutOptions {
  /** Stored as the object's type on S3; the local store keeps no metadata (signed URLs carry the type). */
  contentType?: string
  /** Refuse (and delete the partial file) once more than this many bytes arrived. */
  maxBytes?: number
}

export interface StoredObject {
  key: string
  size: number
  /**
   * A lazy Blob of the bytes [start, end) (end exclusive); nothing is read until it is consumed, so
   * `new Response(object.blob(a, b))` streams straight from disk or S3.
   */
  blob(start?: number, end?: number): Blob
}

export interface SignedUrlOptions {
  /** Lifetime in seconds (default 3600). Expiry is rounded up to 5 minutes so URLs stay cacheable. */
  expiresIn?: number
  /** Content-Type the file route answers with (default application/octet-stream). */
  contentType?: string
  /** Offer as a download with this file name (Content-Disposition: attachment). */
  downloadName?: string
  /** Base URL (origin) of the link; default the app's public URL. E-mail HTML uses the proxy origin. */
  origin?: string
}

export interface Storage {
  readonly kind: 'local' | 's3'
  /** Writes an object; resolves with its size once fully stored. Streams are written as they arrive. */
  put(key: string, body: StorageBody, options?: PutOptions): Promise<{ key: string; size: number }>
  /** Moves (local) or uploads (S3) a finished local file into the store, e.g. a completed tus upload. */
  importFile(
    key: string,
    path: string,
    options?: { contentType?: string },
  ): Promise<{ key: string; size: number }>
  /** The object, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>
  /** A short-lived signed URL served by the file route (`/api/v1/files/...`). */
  url(key: string, options?: SignedUrlOptions): string
}

export class StorageLimitExceeded extends Error {
  override name = 'StorageLimitExceeded'
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`)
  }
}
