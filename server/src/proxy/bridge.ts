/**
 * The bridge script injected into proxied pages and e-mails: `@pinpoint/anchoring`'s bridge entry, bundled
 * once per process with Bun.build (a few tens of milliseconds, started with the proxy so the first page does
 * not wait) and served with a content hash in its URL, so browsers cache it for good.
 */
import { join } from 'node:path'

export const BRIDGE_PATH = '/__pinpoint/bridge.js'
/** The screenshot script, loaded by the bridge only when a picture is wanted (decision 055). */
export const CAPTURE_PATH = '/__pinpoint/capture.js'

export interface ScriptBundle {
  code: string
  /** Content hash, part of the script URL. */
  version: string
  /** Root-relative URL of this version. */
  src: string
}

export interface BridgeBundle extends ScriptBundle {
  capture: ScriptBundle
}

const ANCHORING = join(import.meta.dir, '..', '..', '..', 'packages', 'anchoring', 'src')
const ENTRY = join(ANCHORING, 'bridge', 'main.ts')
const CAPTURE_ENTRY = join(ANCHORING, 'screenshot', 'capture-entry.ts')

async function buildScript(entry: string, path: string): Promise<ScriptBundle> {
  const result = await Bun.build({ entrypoints: [entry], target: 'browser', minify: true, format: 'iife' })
  const output = result.outputs[0]
  if (!result.success || !output) {
    throw new Error(`Building ${path} failed: ${result.logs.map(String).join('\n')}`)
  }
  const code = await output.text()
  const version = Bun.hash(code).toString(36)
  return { code, version, src: `${path}?v=${version}` }
}

async function build(): Promise<BridgeBundle> {
  const [bridge, capture] = await Promise.all([
    buildScript(ENTRY, BRIDGE_PATH),
    buildScript(CAPTURE_ENTRY, CAPTURE_PATH),
  ])
  return { ...bridge, capture }
}

let bundle: Promise<BridgeBundle> | null = null

/** The bundles, built on first use and kept for the life of the process. */
export function bridgeBundle(): Promise<BridgeBundle> {
  bundle ??= build().catch((error: unknown) => {
    bundle = null
    throw error
  })
  return bundle
}

export async function serveBridge(request: Request): Promise<Response> {
  return serveScript(request, await bridgeBundle())
}

export async function serveCapture(request: Request): Promise<Response> {
  return serveScript(request, (await bridgeBundle()).capture)
}

function serveScript(request: Request, { code, version }: ScriptBundle): Response {
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
