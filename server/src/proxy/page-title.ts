/**
 * The `<title>` of a website, read once when a website canvas is created without a title (issue 19 item
 * 15: a new canvas was called by its bare host, "127.0.0.1"). The fetch follows the proxy's rules: the
 * target and each redirect pass the SSRF check, plain http goes to the checked address, and it is short:
 * a few seconds and the first 64 KB of the page (a title sits in the head). Any failure reads as "no
 * title"; the caller falls back on the host.
 */
import { checkTarget, type TargetCheckOptions } from '../platform/security/ssrf'

export interface PageTitleOptions extends TargetCheckOptions {
  timeoutMs?: number
  maxBytes?: number
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The text of the first `<title>` element of an HTML head, entities decoded, spaces collapsed. */
export function titleFromHtml(html: string): string | null {
  const raw = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1]
  if (raw === undefined) return null
  const text = raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/\s+/g, ' ')
    .trim()
  return text ? text.slice(0, 300) : null
}

async function readHead(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.length
      text += decoder.decode(value, { stream: true })
      if (/<\/title\s*>/i.test(text)) break
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return text
}

export async function readPageTitle(address: string, options: PageTitleOptions): Promise<string | null> {
  const { timeoutMs = 3000, maxBytes = 65_536 } = options
  const signal = AbortSignal.timeout(timeoutMs)
  let target = new URL(address)
  try {
    for (let hop = 0; hop < 4; hop += 1) {
      const { address: ip } = await checkTarget(target, options)
      const headers = new Headers({ accept: 'text/html' })
      let url = target.toString()
      if (target.protocol === 'http:' && ip) {
        const pinned = new URL(target)
        pinned.hostname = ip.includes(':') ? `[${ip}]` : ip
        url = pinned.toString()
        headers.set('host', target.host)
      }
      const response = await fetch(url, { headers, redirect: 'manual', signal })
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        target = new URL(location, target)
        continue
      }
      const type = response.headers.get('content-type') ?? ''
      if (!response.ok || !response.body || !/html/i.test(type)) {
        await response.body?.cancel()
        return null
      }
      return titleFromHtml(await readHead(response.body, maxBytes))
    }
    return null
  } catch {
    return null
  }
}
