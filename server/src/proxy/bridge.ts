/**
 * The bridge script injected into proxied pages and e-mails: `@pinpoint/anchoring`'s bridge entry, bundled
 * once per process with Bun.build (a few tens of milliseconds, started with the proxy so the first page does
 * not wait) and served with a content hash in its URL, so browsers cache it for good.
 */
import { join } from 'node:path'

export const BRIDGE_PATH = '/__pinpoint/bridge.js'

export interface BridgeBundle {
  code: string
  /** Content hash, part of the script URL. */
  version: string
  /** Root-relative URL of this version. */
  src: string
}

const ENTRY = join(import.meta.dir, '..', '..', '..', 'packages', 'anchoring', 'src', 'bridge', 'main.ts')

async function build(): Promise<BridgeBundle> {
  const result = await Bun.build({ entrypoints: [ENTRY], target: 'browser', minify: true, format: 'iife' })
  const output = result.outputs[0]
  if (!result.success || !output) {
    throw new Error(`Building the bridge script failed: ${result.logs.map(String).join('\n')}`)
  }
  const code = await output.text()
  const version = Bun.hash(code).toString(36)
  return { code, version, src: `${BRIDGE_PATH}?v=${version}` }
}

let bundle: Promise<BridgeBundle> | null = null

/** The bundle, built on first use and kept for the life of the process. */
export function bridgeBundle(): Promise<BridgeBundle> {
  bundle ??= build().catch((error: unknown) => {
    bundle = null
    throw error
  })
  return bundle
}

export async function serveBridge(request: Request): Promise<Response> {
  const { code, version } = await bridgeBundle()
  const current = new URL(request.url).searchParams.get('v') === version
  return new Response(code, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // A versioned URL never changes; an unversioned one must be revalidated.
      'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      // The e-mail frame is sandboxed (an opaque origin), so the script is a cross-origin load there.
      'cross-origin-resource-policy': 'cross-origin',
    },
  })
}
