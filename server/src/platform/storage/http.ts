/**
 * Serves stored files behind signed URLs, with single-range support (206) so video players can seek.
 *
 * Every answer carries `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy, so even
 * a file that slipped past the content checks cannot run script on our origin. HTML (sanitised e-mails) is
 * shown inline only on the proxy origin, a different site from the app; on the app origin anything that
 * is not a known-safe media type is sent as a download.
 */
import type { UrlSigner } from './signing'
import type { Storage } from './types'

const INLINE_ON_APP =
  /^(image\/(png|jpeg|gif|webp|svg\+xml)|application\/pdf|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+)$/
const MEDIA_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox"

export type FileOrigin = 'app' | 'proxy'

export interface ServeFileOptions {
  storage: Storage
  signer: UrlSigner
  origin: FileOrigin
  /** The app origin, the only one allowed to frame proxied e-mail HTML. */
  appOrigin: string
  now: () => Date
}

function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(
    JSON.stringify({ message, error: status === 404 ? 'NotFound' : 'Forbidden', status, meta: {} }),
    {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    },
  )
}

/** Parses a single `bytes=` range against a size; null = serve whole, 'unsatisfiable' = 416. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // Multiple ranges or another unit: RFC 9110 lets us ignore the header and send the whole file.
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return null
  let start: number
  let end: number
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

function securityHeaders(contentType: string, options: ServeFileOptions): Record<string, string> {
  if (contentType.startsWith('text/html')) {
    // Sanitised e-mail: no script at all, remote images and styles allowed (e-mails load them), framed by the app.
    return {
      'content-security-policy': `default-src 'none'; img-src * data:; style-src * 'unsafe-inline'; font-src * data:; sandbox allow-popups allow-popups-to-escape-sandbox; frame-ancestors ${options.appOrigin}`,
      'x-content-type-options': 'nosniff',
    }
  }
  return {
    'content-security-policy': MEDIA_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-site',
  }
}

function disposition(contentType: string, downloadName: string, origin: FileOrigin): string {
  const inline =
    !downloadName &&
    (INLINE_ON_APP.test(contentType) || (origin === 'proxy' && contentType.startsWith('text/html')))
  if (inline) return 'inline'
  const name = downloadName || 'download'
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** Answers GET/HEAD of `<FILES_PATH>/<key>?e=&t=&n=&s=`. */
export async function serveFile(request: Request, key: string, options: ServeFileOptions): Promise<Response> {
  const url = new URL(request.url)
  const verdict = options.signer.verify(key, url.searchParams, options.now().getTime())
  if (verdict === 'invalid') return plain(403, 'This file link is not valid.')
  if (verdict === 'expired')
    return plain(403, 'This file link has expired. Reload the page to get a new one.')
  const { contentType, downloadName, expires } = verdict
  if (contentType.startsWith('text/html') && options.origin !== 'proxy') {
    // HTML must never render on the app origin, where it could read the user's session.
    return plain(403, 'This file is only served from the proxy origin.')
  }
  const object = await options.storage.get(key)
  if (!object) return plain(404, 'Not found.')
  const remaining = Math.max(0, expires - Math.floor(options.now().getTime() / 1000))
  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': `private, max-age=${Math.min(remaining, 3600)}`,
    'content-disposition': disposition(contentType, downloadName, options.origin),
    ...securityHeaders(contentType, options),
  }
  const range = parseRange(request.headers.get('range'), object.size)
  if (range === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${object.size}` },
    })
  }
  // HEAD gets the same (lazy) body: the HTTP server sends only the headers, and a null body would make
  // the Content-Length 0.
  if (range) {
    const length = range.end - range.start + 1
    headers['content-range'] = `bytes ${range.start}-${range.end}/${object.size}`
    headers['content-length'] = String(length)
    return new Response(object.blob(range.start, range.end + 1), { status: 206, headers })
  }
  headers['content-length'] = String(object.size)
  return new Response(object.blob(), { status: 200, headers })
}
