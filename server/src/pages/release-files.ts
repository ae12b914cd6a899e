/**
 * Released front-end files, /releases/<slice>/<version>/<path>, from the release store (DATA_DIR/releases
 * or S3). A version never changes, so content-hashed chunks are cached for a year (`immutable`) and the
 * manifest and remoteEntry.js are revalidated like every manifest (an ETag answers 304).
 */

import { isReleaseFilePath, isSlice, type Slice, VERSION_PATTERN } from '../modules/releases/store'
import type { StoredObject } from '../platform/storage'
import {
  acceptsGzip,
  COMPRESSIBLE,
  gzipped,
  HASHED_NAME,
  IMMUTABLE,
  MIN_GZIP_BYTES,
  notFound,
  REVALIDATE,
} from './static-files'

export type ReleaseFiles = {
  /** remotes.json: slice -> manifest URL, or { entry, version, fallbacks }. */
  remotes: () => Promise<Record<string, unknown>>
  file: (slice: Slice, version: string, path: string) => Promise<StoredObject | null>
}

export async function serveRelease(
  releases: ReleaseFiles,
  slice: string,
  version: string,
  path: string,
  request: Request,
): Promise<Response> {
  if (!isSlice(slice) || !VERSION_PATTERN.test(version) || !isReleaseFilePath(path)) return notFound()
  const object = await releases.file(slice, version, path)
  if (!object) return notFound()
  // The bytes under a version never change: its name and size identify them.
  const etag = `"${slice}-${version}-${object.size.toString(16)}"`
  const headers: Record<string, string> = {
    'content-type': Bun.file(path).type,
    'cache-control': HASHED_NAME.test(path) ? IMMUTABLE : REVALIDATE,
    etag,
    'x-content-type-options': 'nosniff',
  }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  if (COMPRESSIBLE.test(path) && object.size >= MIN_GZIP_BYTES) {
    headers.vary = 'accept-encoding'
    if (acceptsGzip(request)) {
      const body = gzipped(`release:${slice}/${version}/${path}`, etag, await object.blob().arrayBuffer())
      return new Response(body, { headers: { ...headers, 'content-encoding': 'gzip' } })
    }
  }
  return new Response(object.blob(), { headers })
}
