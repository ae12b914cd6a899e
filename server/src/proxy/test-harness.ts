/**
 * Shared set-up of the proxy's HTTP tests: the proxy origin listening on a free port of 127.0.0.1, its
 * signed-address helper, and `proxied()` for the address of a target URL. Sites under test are small
 * Bun servers the tests start themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../config'
import { silentLogger } from '../platform/logger'
import { createStorage } from '../platform/storage'
import { createProxyApp, createProxyUrls } from './index'

export const TEST_SECRET = 'proxy-test-secret-long-enough-to-sign-things'
export const TEST_APP_ORIGIN = 'http://localhost:4999'
/** The public proxy origin the config names (the listener itself is on a free port). */
export const TEST_PROXY_ORIGIN = 'http://127.0.0.1:4998'

export interface ProxyHarness {
  /** Where the proxy listens. */
  origin: string
  urls: ReturnType<typeof createProxyUrls>
  /** Absolute proxy address of `target`. */
  proxied(target: string | URL): string
  stop(): Promise<void>
}

export interface ProxyHarnessOptions {
  allowHosts?: string[]
  upstreamTimeoutMs?: number
  /** Fixed DNS answers: host name -> addresses (a name not listed does not resolve). */
  dns?: Record<string, string[]>
}

export function startProxy({
  allowHosts = ['127.0.0.1'],
  upstreamTimeoutMs,
  dns,
}: ProxyHarnessOptions = {}): ProxyHarness {
  const dataDir = mkdtempSync(join(tmpdir(), 'pinpoint-proxy-'))
  const config = loadConfig({
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    PORT: '0',
    PROXY_PORT: '0',
    PUBLIC_URL: TEST_APP_ORIGIN,
    PROXY_ORIGIN: TEST_PROXY_ORIGIN,
    PROXY_ALLOW_HOSTS: allowHosts.join(','),
  })
  const app = createProxyApp(
    {
      config,
      storage: createStorage(config),
      now: () => new Date(),
      logger: silentLogger,
    },
    {
      upstreamTimeoutMs,
      resolve: dns
        ? async (hostname) => {
            const answer = dns[hostname]
            if (!answer) throw new Error(`ENOTFOUND ${hostname}`)
            return answer
          }
        : undefined,
    },
  ).listen({ port: 0, hostname: '127.0.0.1' })
  const origin = `http://127.0.0.1:${app.server?.port}`
  const urls = createProxyUrls(TEST_SECRET)
  return {
    origin,
    urls,
    proxied: (target) => `${origin}${urls.toProxy(new URL(target))}`,
    async stop() {
      await app.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Request headers of a top-level navigation and of the usual subresources, as Chromium sends them. */
export const BROWSER_REQUEST = {
  document: { 'sec-fetch-dest': 'document', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  iframe: { 'sec-fetch-dest': 'iframe', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  style: { 'sec-fetch-dest': 'style', accept: 'text/css,*/*;q=0.1' },
  script: { 'sec-fetch-dest': 'script', accept: '*/*' },
  image: { 'sec-fetch-dest': 'image', accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
  font: { 'sec-fetch-dest': 'font', accept: '*/*' },
} as const
