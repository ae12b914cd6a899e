/**
 * The world of the review benchmark: a fresh PostgreSQL database with an enterprise team, the server
 * (app on localhost, proxy on 127.0.0.1, so they are different sites as in production), the corpus
 * served from 127.0.0.1, and canvases of each type, two of them with 500 comments.
 */
import { join } from 'node:path'
import { annotations, migrate, openDatabase } from '@pinpoint/db'
import { buildTeam, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import type { Browser } from '@playwright/test'
import postgres from 'postgres'
import { freePort, root, tempDir, waitHealthy } from './lib'

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
/**
 * The pages and files the bench loads: the repository's fixtures/ by default, or a larger corpus with the
 * same layout (websites/, pdfs/, ...) named by PINPOINT_CORPUS_DIR. The corpus server reads the same variable.
 */
export const CORPUS = process.env.PINPOINT_CORPUS_DIR || join(root, 'fixtures')

export interface ReviewWorld {
  appUrl: string
  corpusOrigin: string
  /** Cookie header of the signed-in owner. */
  cookie: string
  canvases: Record<'design500' | 'website500' | 'pdf' | 'website', { id: string; subdomain: string }>
  proxyBase: string
  stop(): Promise<void>
}

async function json<T>(response: Response): Promise<T> {
  if (response.status >= 400) throw new Error(`${response.url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export async function createWorld(browser: Browser): Promise<ReviewWorld> {
  const name = `pinpoint_bench_review_${process.pid}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`)
  const handle = await openDatabase({ databaseUrl, maxConnections: 5 })
  await migrate(handle)
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const { owner } = await buildTeam(handle.db, { plan: 'enterprise35peruser', customer: { periodEnd } })

  const corpus = Bun.spawn(['bun', join(root, 'e2e', 'corpus-server.ts')], {
    env: { ...process.env, PORT: '0', PINPOINT_CORPUS_DIR: CORPUS },
    stdout: 'pipe',
  })
  const reader = corpus.stdout.getReader()
  let banner = ''
  while (!/listening \d+/.test(banner)) banner += new TextDecoder().decode((await reader.read()).value)
  const corpusOrigin = `http://127.0.0.1:${/listening (\d+)/.exec(banner)?.[1]}`

  const port = await freePort()
  const proxyPort = await freePort()
  const appUrl = `http://localhost:${port}`
  const server = Bun.spawn(['bun', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PROXY_PORT: String(proxyPort),
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir('pinpoint-bench-review-'),
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
      PROXY_ALLOW_HOSTS: '127.0.0.1',
      LOG_REQUESTS: 'false',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  await waitHealthy(`${appUrl}/api/v1/health`)
  const login = await fetch(`${appUrl}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: DEFAULT_PASSWORD }),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${appUrl}/api/v1${path}`, { ...init, headers: { cookie, ...init.headers } })
  const canvas = async (body: Record<string, unknown>) =>
    (
      await json<{ canvas: { id: string; subdomain: string; CanvasRevisionId: string } }>(
        await api('/canvases', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    ).canvas
  const upload = async (id: string, file: Blob, fileName: string) => {
    const form = new FormData()
    form.append('id', id)
    form.append('canvasAssetFile', file, fileName)
    await json(await api('/canvas-assets', { method: 'POST', body: form }))
  }

  // A design image rendered by the browser itself, and 500 comments spread over it.
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
  await page.setContent(
    '<body style="margin:0;height:100vh;background:linear-gradient(135deg,#6d5efc,#22d3ee)"></body>',
  )
  const png = await page.screenshot()
  const design500 = await canvas({ type: 'design', title: 'Design with 500 comments' })
  await upload(design500.id, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'design.png')
  const rows = (canvasId: string, revision: string, extra: (i: number) => Record<string, unknown>) =>
    Array.from({ length: 500 }, (_, i) => ({
      canvasId,
      canvasRevisionId: revision,
      userId: owner.id,
      userName: owner.name,
      comment: `Comment ${i}: the spacing here looks off at this width.`,
      status: ['active', 'in-progress', 'in-review'][i % 3] ?? 'active',
      createdAt: new Date(Date.now() - (500 - i) * 1000),
      ...extra(i),
    }))
  const designRevision = (
    await json<{ canvas: { CanvasRevisionId: string } }>(await api(`/canvases/${design500.id}`))
  ).canvas.CanvasRevisionId
  const designAsset = (
    await json<{ canvas: { CanvasAssets: { id: string }[] } }>(await api(`/canvases/${design500.id}`))
  ).canvas.CanvasAssets[0]?.id
  await handle.db.insert(annotations).values(
    rows(design500.id, designRevision, (i) => ({
      canvasAssetId: designAsset,
      x: ((i * 37) % 100) / 100,
      y: ((i * 61) % 100) / 100,
      metadata: {},
    })),
  )

  // A website with 500 comments anchored to its elements (anchors captured on the proxied page).
  const sitePath = '/websites/startbootstrap-clean-blog-1.0.2/index.html'
  const website500 = await canvas({
    type: 'website',
    title: 'Site with 500 comments',
    localUrl: `${corpusOrigin}${sitePath}`,
  })
  const website = await canvas({ type: 'website', title: 'Site', localUrl: `${corpusOrigin}${sitePath}` })
  const { base: proxyBase } = await json<{ base: string }>(await api(`/canvases/${website500.id}/proxy-url`))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${proxyBase}${sitePath}`, { waitUntil: 'load' })
  await page.waitForFunction(() => '__pinpointAnchoring' in window)
  const anchors = await page.evaluate(() => {
    type Capture = (e: Element, x: number, y: number) => unknown
    const capture = (window as unknown as { __pinpointAnchoring: { captureAnchor: Capture } })
      .__pinpointAnchoring.captureAnchor
    const elements = [...document.body.querySelectorAll('h1, h2, h3, p, a, span, li, img')].filter(
      (e) => e.getBoundingClientRect().width > 8,
    )
    return Array.from({ length: 500 }, (_, i) => {
      const element = elements[i % elements.length] as Element
      const rect = element.getBoundingClientRect()
      return capture(element, rect.left + rect.width * ((i % 10) / 10), rect.top + rect.height / 2)
    })
  })
  const siteRevision = (
    await json<{ canvas: { CanvasRevisionId: string } }>(await api(`/canvases/${website500.id}`))
  ).canvas.CanvasRevisionId
  await handle.db.insert(annotations).values(
    rows(website500.id, siteRevision, (i) => ({
      path: sitePath,
      metadata: { window: { width: 1280, height: 900 }, anchor: anchors[i] },
    })),
  )
  await page.close()

  const pdf = await canvas({ type: 'design', title: 'Brochure' })
  await upload(pdf.id, Bun.file(join(CORPUS, 'pdfs', 'pdflatex-4-pages.pdf')), 'brochure.pdf')

  return {
    appUrl,
    corpusOrigin,
    cookie,
    canvases: { design500, website500, pdf, website },
    proxyBase,
    async stop() {
      server.kill('SIGTERM')
      corpus.kill()
      await server.exited
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
