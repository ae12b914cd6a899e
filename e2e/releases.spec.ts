/**
 * Independent deploys of a slice (decision 051, docs/micro-frontends.md): a changed dashboard is released
 * and switched live with scripts/release.ts against the running server, seen on the next navigation, and
 * rolled back; a build that does not fit the shell is refused by `release`, and (forced live) by the shell,
 * which shows the last good version and a notice. The shell's files and the server process never change.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxe } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { fixtures, shot, signUpByApi, uniqueEmail } from './support'

const root = join(import.meta.dirname, '..')
const bun = join(root, '.tools', 'node_modules', '.bin', 'bun')

function release(baseURL: string, ...args: string[]) {
  const { staff } = fixtures()
  return spawnSync(bun, [join(root, 'scripts', 'release.ts'), ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PINPOINT_URL: baseURL,
      PINPOINT_EMAIL: staff.email,
      PINPOINT_PASSWORD: staff.password,
    },
  })
}

function mustRelease(baseURL: string, ...args: string[]) {
  const result = release(baseURL, ...args)
  expect(result.status, result.stderr).toBe(0)
  return result.stdout
}

/** A copy of the shipped dashboard build with `edit` applied to its JavaScript and manifest. */
function changedDashboard(edit: (text: string, file: string) => string): string {
  const dist = mkdtempSync(join(tmpdir(), 'pinpoint-dashboard-next-'))
  cpSync(join(root, 'mf-dashboard', 'dist'), dist, { recursive: true })
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) visit(full)
      else if (/\.(js|json)$/.test(name)) writeFileSync(full, edit(readFileSync(full, 'utf8'), name))
    }
  }
  visit(dist)
  return dist
}

/** A fingerprint of every file of the shell's build. */
function shellFiles(): string {
  const hash = createHash('sha256')
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) visit(full)
      else hash.update(name).update(readFileSync(full))
    }
  }
  visit(join(root, 'shell', 'dist'))
  return hash.digest('hex')
}

async function startedAt(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const health = (await (await request.get('/api/v1/health')).json()) as { uptimeSeconds: number }
  return Math.round(Date.now() / 1000) - health.uptimeSeconds
}

test.describe.configure({ mode: 'serial' })

test.afterAll(({ baseURL }) => {
  // Leave the dashboard as shipped for the journeys that follow.
  release(baseURL ?? '', 'switch', 'dashboard', 'shipped')
})

test('a changed dashboard is released, switched live, seen on the next navigation, and rolled back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const base = baseURL ?? ''
  await signUpByApi(page.request, { email: uniqueEmail('release'), name: 'Release Watcher' })
  const shellBefore = shellFiles()
  const serverStarted = await startedAt(page.request)
  const dashboard = new DashboardPage(page)
  await page.goto('/dashboard')
  await expect(dashboard.heading).toHaveText('All canvases')

  const version = `e2e-${Date.now().toString(36)}`
  const dist = changedDashboard((text) => text.replaceAll('All canvases', 'Every canvas'))
  expect(mustRelease(base, 'publish', 'dashboard', '--version', version, '--dist', dist)).toContain(
    `published dashboard ${version}`,
  )
  rmSync(dist, { recursive: true })
  // Published is not live: the page still shows the shipped dashboard.
  await page.goto('/dashboard')
  await expect(dashboard.heading).toHaveText('All canvases')

  mustRelease(base, 'switch', 'dashboard', version)
  await page.goto('/dashboard')
  await expect(dashboard.heading).toHaveText('Every canvas')
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  )
  expect(loaded.some((url) => url.includes(`/releases/dashboard/${version}/remoteEntry.js`))).toBe(true)
  await shot(page, 'release-switched')

  mustRelease(base, 'rollback', 'dashboard')
  await page.goto('/dashboard')
  await expect(dashboard.heading).toHaveText('All canvases')

  expect(shellFiles(), 'the shell was not rebuilt').toBe(shellBefore)
  // uptime counts whole seconds: a restart would move the start by far more than one.
  expect(Math.abs((await startedAt(page.request)) - serverStarted)).toBeLessThanOrEqual(2)
})

test('a dashboard built against another jotai is refused by release, and forced live, by the shell', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const base = baseURL ?? ''
  await signUpByApi(page.request, { email: uniqueEmail('mismatch'), name: 'Mismatch Watcher' })
  const version = `bad-${Date.now().toString(36)}`
  const dist = changedDashboard((text, file) =>
    file === 'mf-manifest.json'
      ? text.replaceAll('"^3.0.1"', '"^4.0.0"')
      : text.replaceAll('All canvases', 'Bad canvases'),
  )
  const refused = release(base, 'publish', 'dashboard', '--version', version, '--dist', dist)
  expect(refused.status).toBe(1)
  expect(refused.stderr).toContain('shared jotai: dashboard requires ^4.0.0, the shell provides 3.0.1')

  mustRelease(base, 'publish', 'dashboard', '--version', version, '--dist', dist, '--force')
  rmSync(dist, { recursive: true })
  const unforced = release(base, 'switch', 'dashboard', version)
  expect(unforced.status).toBe(1)
  expect(unforced.stderr).toContain('shared jotai')
  mustRelease(base, 'switch', 'dashboard', version, '--force')

  await page.goto('/dashboard')
  await expect(new DashboardPage(page).heading).toHaveText('All canvases')
  const notice = page.getByTestId('remote-fallback-notice')
  await expect(notice).toContainText(`Dashboard ${version} does not fit this version of Pinpoint`)
  await expect(notice).toContainText('shared jotai: dashboard requires ^4.0.0, the shell provides 3.0.1')
  await expect(page.getByText('Bad canvases')).toHaveCount(0)
  await expectNoSeriousAxe(page, 'dashboard with a refused release')
  await shot(page, 'release-refused-by-shell')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(notice).toBeVisible()
  await shot(page, 'release-refused-by-shell-phone')
})
