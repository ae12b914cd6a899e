/**
 * Serving built front-end files: content types from Bun.file, long caching for content-hashed
 * names, revalidation (ETag) for the rest, and gzip kept in memory once per file version.
 */
import { resolve, sep } from 'node:path'

/** Content-hashed files never change under their name: cache them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** HTML, manifests, remoteEntry.js: always revalidate, so a new deploy is picked up at once. */
export const REVALIDATE = 'no-cache'

export const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/i
export const MIN_GZIP_BYTES = 1024
const MAX_GZIP_CACHE = 500
/** NAME_MAX of common file systems (ext4, APFS, NTFS in UTF-16 units is close enough). */
const MAX_NAME_BYTES = 255

type Gzipped = { key: string; body: Uint8Array<ArrayBuffer> }
const gzipCache = new Map<string, Gzipped>()

export type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

export function jsonError(body: ErrorBody): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': REVALIDATE },
  })
}

export const notFound = () => jsonError({ message: 'Not found.', error: 'NotFound', status: 404, meta: {} })

/**
 * Resolves `relative` inside `base`, or null when it would escape it (`..`, absolute paths,
 * encoded separators) or names nothing sensible.
 */
export function safeJoin(base: string, relative: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(relative)
  } catch {
    return null
  }
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\')) return null
  // No built file has a name the file system would refuse (ENAMETOOLONG was a 500): 255 bytes a name.
  if (decoded.split('/').some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES)) return null
  const root = resolve(base)
  const full = resolve(root, decoded)
  return full.startsWith(root + sep) ? full : null
}

export function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
}

export function gzipped(path: string, version: string, bytes: ArrayBuffer): Uint8Array<ArrayBuffer> {
  const cached = gzipCache.get(path)
  if (cached?.key === version) return cached.body
  if (gzipCache.size >= MAX_GZIP_CACHE) gzipCache.clear()
  const body = Bun.gzipSync(bytes, { level: 9 })
  gzipCache.set(path, { key: version, body })
  return body
}

/**
 * Answers one file, or null when it does not exist. `cacheControl` defaults to immutable for
 * content-hashed names and to revalidation otherwise.
 */
export async function serveFile(
  path: string,
  request: Request,
  cacheControl?: string,
): Promise<Response | null> {
  const file = Bun.file(path)
  if (!(await file.exists())) return null
  const stat = await file.stat()
  if (!stat.isFile()) return null
  const etag = `W/"${stat.size.toString(16)}-${Math.trunc(stat.mtimeMs).toString(16)}"`
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': cacheControl ?? (HASHED_NAME.test(path) ? IMMUTABLE : REVALIDATE),
    etag,
    'x-content-type-options': 'nosniff',
  }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  if (COMPRESSIBLE.test(path) && stat.size >= MIN_GZIP_BYTES) {
    headers.vary = 'accept-encoding'
    if (acceptsGzip(request)) {
      const body = gzipped(path, etag, await file.arrayBuffer())
      return new Response(body, { headers: { ...headers, 'content-encoding': 'gzip' } })
    }
  }
  return new Response(file, { headers })
}
