/**
 * JavaScript downloaded before each entry is interactive, raw and gzip:
 * - shell + dashboard (a signed-in member opening /dashboard, until the canvas list shows),
 * - standalone review (/mf/review/app/index.html, the guest entry, until the review screen shows).
 * Also counts federation runtimes (remoteEntry files) fetched. Starts its own server on PGlite.
 *
 * Usage: bun bench/frontend-bytes.ts [--files]   (front ends built first; --files lists each script)
 */

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { type Subprocess, spawn } from 'bun'

const port = 3400 + Math.floor(Math.random() * 500)
const base = `http://localhost:${port}`
const server: Subprocess = spawn(['bun', join(import.meta.dir, '..', 'server', 'src', 'index.ts')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pinpoint-bench-')),
    DATABASE_URL: '',
    LOG_REQUESTS: 'false',
  },
  stdout: 'ignore',
  stderr: 'inherit',
})

async function waitForServer() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return
    } catch {}
    await Bun.sleep(250)
  }
  throw new Error('server did not start')
}

type Tally = { files: number; raw: number; gzip: number; runtimes: number; list: string[] }
const verbose = process.argv.includes('--files')

async function measure(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<Tally> {
  const tally: Tally = { files: 0, raw: 0, gzip: 0, runtimes: 0, list: [] }
  const pending: Promise<void>[] = []
  let counting = true
  page.on('response', (response) => {
    if (!counting || response.request().resourceType() !== 'script') return
    pending.push(
      response
        .body()
        .then((body) => {
          const gzip = Bun.gzipSync(new Uint8Array(body), { level: 9 }).byteLength
          tally.files += 1
          tally.raw += body.byteLength
          tally.gzip += gzip
          tally.list.push(`${kb(gzip).padStart(9)} gzip  ${new URL(response.url()).pathname}`)
          if (/remoteEntry/.test(response.url())) tally.runtimes += 1
        })
        .catch(() => {}),
    )
  })
  await page.goto(url)
  await ready(page)
  counting = false
  await Promise.all(pending)
  return tally
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

try {
  await waitForServer()
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  const context = await browser.newContext()
  const signup = await context.request.post(`${base}/api/v1/users`, {
    data: {
      email: `bench${Date.now()}@bench.test`,
      name: 'Bench Mark',
      password: 'bench-password-1',
      teamName: 'Bench',
    },
  })
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()}`)

  const dashboardPage = await context.newPage()
  const started = performance.now()
  const dashboard = await measure(dashboardPage, `${base}/dashboard`, (p) =>
    p.getByTestId('dashboard-heading').waitFor({ state: 'visible' }),
  )
  const dashboardMs = performance.now() - started

  const guest = await (await browser.newContext()).newPage()
  const review = await measure(guest, `${base}/mf/review/app/index.html`, (p) =>
    p.getByTestId('review-screen').waitFor({ state: 'visible' }),
  )
  await browser.close()

  console.log('JavaScript downloaded before interactive')
  console.log(
    `  shell + dashboard   ${dashboard.files} files  raw ${kb(dashboard.raw)}  gzip ${kb(dashboard.gzip)}  (target <= 220 KB gzip)  federation entries ${dashboard.runtimes}  ${dashboardMs.toFixed(0)} ms`,
  )
  if (verbose) for (const line of dashboard.list.sort().reverse()) console.log(`      ${line}`)
  console.log(
    `  standalone review   ${review.files} files  raw ${kb(review.raw)}  gzip ${kb(review.gzip)}  federation entries ${review.runtimes}`,
  )
  if (verbose) for (const line of review.list.sort().reverse()) console.log(`      ${line}`)
} finally {
  server.kill()
}
