/**
 * Mounts slices in the minimal federation host (`slice-host/`, built with the front ends): a page that is
 * not the shell, with one store and one query client, providing the shared singletons and the federation
 * runtime the slices run on. The host's files are served by the test under /__slice-host/; the page itself
 * at the address the slices read (the review screen routes itself from /link/...). Everything else (the
 * slices' manifests and chunks under /mf/<slice>/, the API) is the real server's.
 */
import { existsSync, readFileSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import type { Page } from '@playwright/test'

const HOST_DIST = join(import.meta.dirname, '..', 'slice-host', 'dist')
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
}

/** One exposed module: `remote/module` from `/mf/<remote>/mf-manifest.json` unless `manifest` says otherwise. */
export type HostedSlice = {
  remote: string
  module: string
  manifest?: string
  props?: Record<string, unknown>
}

/** Opens `path` as the slice host mounting `slices`, one below the other, on one page. */
export async function openInSliceHost(page: Page, path: string, slices: HostedSlice[]) {
  const index = join(HOST_DIST, 'index.html')
  if (!existsSync(index))
    throw new Error('slice-host/dist is missing: run `node scripts/bootstrap.mjs build`')
  await page.addInitScript((requested) => {
    Object.assign(window, { __PINPOINT_SLICE_HOST__: requested })
  }, slices)
  await page.route('**/__slice-host/**', (route) => {
    const relative = normalize(new URL(route.request().url()).pathname.slice('/__slice-host/'.length))
    const file = join(HOST_DIST, relative)
    if (relative.startsWith('..') || !existsSync(file)) return route.fulfill({ status: 404 })
    return route.fulfill({
      body: readFileSync(file),
      headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' },
    })
  })
  // Only the page's own document: the review screen's frames and the API stay the server's. The page
  // carries the settings the server gives its own pages at that address (the `pinpoint-bootstrap` script:
  // tours, tracking), as the shell's page would.
  await page.route(
    (url) => url.pathname === path.split('?')[0],
    async (route) => {
      if (!route.request().isNavigationRequest() || route.request().frame() !== page.mainFrame())
        return route.fallback()
      const served = await (await route.fetch()).text()
      const settings = /<script id="pinpoint-bootstrap"[^>]*>[^<]*<\/script>/.exec(served)?.[0] ?? ''
      const body = readFileSync(index, 'utf8').replace('</head>', `${settings}</head>`)
      return route.fulfill({ body, headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
  )
  await page.goto(path)
}
