/**
 * The video upload signature, shaped like a video provider's (for example Bunny Stream's "presigned
 * upload"): the client receives {signature, expiration, guid, videoLibraryId} and sends them as headers on
 * every tus request. signature = HMAC-SHA256(derived key, libraryId + expiration + guid), hex. The key is
 * derived from the session secret for this purpose only, so no other signature can be replayed here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { derivedKey } from '../../platform/storage/signing'

/** Header names the client sends (the provider's names). */
export const UPLOAD_HEADERS = {
  signature: 'authorizationsignature',
  expiration: 'authorizationexpire',
  guid: 'videoid',
  libraryId: 'libraryid',
} as const

/** The library id of the built-in provider (a provider account would have its own). */
export const VIDEO_LIBRARY_ID = 'pinpoint'
/**
 * Largest PATCH a client should send (bytes). Bun refuses request bodies over 128 MB by default, and a
 * smaller chunk also loses less on a dropped connection; tus resumes between chunks.
 */
export const TUS_CHUNK_BYTES = 64 * 1024 * 1024
/** How long an upload may be started and resumed (seconds). */
export const UPLOAD_SIGNATURE_TTL_S = 24 * 3600

export interface UploadableVideoDetails {
  signature: string
  /** Unix time (seconds) after which the signature is refused. */
  expiration: number
  guid: string
  videoLibraryId: string
}

function compute(secret: string, libraryId: string, expiration: number, guid: string): string {
  return createHmac('sha256', derivedKey(secret, 'video-upload'))
    .update(`${libraryId}${expiration}${guid}`)
    .digest('hex')
}

export function signVideoUpload(secret: string, guid: string, now: Date): UploadableVideoDetails {
  const expiration = Math.floor(now.getTime() / 1000) + UPLOAD_SIGNATURE_TTL_S
  return {
    signature: compute(secret, VIDEO_LIBRARY_ID, expiration, guid),
    expiration,
    guid,
    videoLibraryId: VIDEO_LIBRARY_ID,
  }
}

export type SignatureCheck = { ok: true; guid: string } | { ok: false; status: 401 | 403; reason: string }

/** Checks the four headers of a tus request. */
export function verifyVideoUpload(secret: string, headers: Headers, now: Date): SignatureCheck {
  const signature = headers.get(UPLOAD_HEADERS.signature) ?? ''
  const expiration = Number(headers.get(UPLOAD_HEADERS.expiration))
  const guid = headers.get(UPLOAD_HEADERS.guid) ?? ''
  const libraryId = headers.get(UPLOAD_HEADERS.libraryId) ?? ''
  if (!signature || !guid || !libraryId || !Number.isInteger(expiration)) {
    return { ok: false, status: 401, reason: 'Missing upload signature headers.' }
  }
  const expected = Buffer.from(compute(secret, libraryId, expiration, guid))
  const given = Buffer.from(signature)
  if (
    libraryId !== VIDEO_LIBRARY_ID ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  ) {
    return { ok: false, status: 403, reason: 'The upload signature is not valid.' }
  }
  if (expiration * 1000 <= now.getTime())
    return { ok: false, status: 403, reason: 'The upload signature has expired.' }
  return { ok: true, guid }
}
