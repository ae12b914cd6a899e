/**
 * Per-slice smoke (docs/micro-frontends.md): each slice mounted alone in the minimal federation host
 * (`slice-host/`, not the shell: one store, one query client, the shared singletons and the federation
 * runtime) against the real API. The slice's fresh build is loaded the way the shell loads it, from its
 * mf-manifest.json, so a build that needs something the host does not share, or throws once mounted,
 * fails here before it is released. Each slice's `test` script runs its own tests (`-g "<slice> slice"`).
 */
import { expect, type Page, test } from '@playwright/test'
import { ShellPage } from './pages/shell-page'
import { createCanvas } from './review-fixtures'
import { openInSliceHost } from './slice-host'
import { expectSingletonsFrom, signUpByApi, uniqueEmail } from './support'

/** Collects page errors, and every script the page itself loads that is neither the host's nor the slice's. */
function watch(page: Page, slice: string) {
  const errors: string[] = []
  const foreignScripts: string[] = []
  const ownScripts: string[] = []
  const hostScripts: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    // The page's own scripts; a canvas's frame (the proxied site and its bridge) is not the slice.
    if (response.request().frame() !== page.mainFrame()) return
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js')) return
    if (url.pathname.startsWith(`/mf/${slice}/`)) ownScripts.push(url.pathname)
    else if (url.pathname.startsWith('/__slice-host/')) hostScripts.push(url.pathname)
    else foreignScripts.push(url.pathname)
  })
  return { errors, foreignScripts, ownScripts, hostScripts }
}

/** The slice ran on the host's federation runtime and shared singletons, not on copies of its own. */
async function expectHostSingletons(page: Page, slice: string, seen: ReturnType<typeof watch>) {
  expect(seen.errors).toEqual([])
  expect(seen.hostScripts.length, 'the host page').toBeGreaterThan(0)
  expect(seen.ownScripts, 'the slice’s container, from its manifest').toContain(`/mf/${slice}/remoteEntry.js`)
  expect(seen.foreignScripts, 'nothing of the shell or another slice').toEqual([])
  const shared = await new ShellPage(page).sharedModules()
  expectSingletonsFrom(shared, 'slice_host', 'host')
  for (const key of ['jotai', '@pinpoint/state', 'react/jsx-runtime'])
    expect(Object.values(shared[key] ?? {})[0]?.useIn, `${slice} uses the host’s ${key}`).toContain(slice)
}

test('dashboard slice: mounted in the minimal host, lists the canvases the API has', async ({ page }) => {
  await signUpByApi(page.request, { email: uniqueEmail('smoke-dash'), name: 'Smoke Dash', teamName: 'Smoke' })
  await createCanvas(page.request, {
    type: 'website',
    title: 'Smoke canvas',
    localUrl: 'https://example.com/',
  })
  const seen = watch(page, 'dashboard')
  await openInSliceHost(page, '/dashboard', [{ remote: 'dashboard', module: 'DashboardApp' }])
  await expect(page.getByTestId('dashboard-heading')).toHaveText('All canvases')
  await expect(page.getByRole('link', { name: 'Smoke canvas', exact: true })).toBeVisible()
  await expectHostSingletons(page, 'dashboard', seen)
})

test('billing slice: mounted in the minimal host, shows the plan the API has', async ({ page }) => {
  await signUpByApi(page.request, { email: uniqueEmail('smoke-bill'), name: 'Smoke Bill' })
  const seen = watch(page, 'billing')
  await openInSliceHost(page, '/billing', [{ remote: 'billing', module: 'BillingOverview' }])
  await expect(page.getByTestId('billing-plan-name')).toHaveText('Free')
  await expectHostSingletons(page, 'billing', seen)
})

test('review slice: mounted in the minimal host at a feedback link, shows the canvas the API has', async ({
  page,
}) => {
  await signUpByApi(page.request, { email: uniqueEmail('smoke-rev'), name: 'Smoke Rev', teamName: 'Smoke' })
  const canvas = await createCanvas(page.request, {
    type: 'website',
    title: 'Smoke review',
    localUrl: 'https://example.com/',
  })
  const seen = watch(page, 'review')
  await openInSliceHost(page, `/link/${canvas.subdomain}/`, [{ remote: 'review', module: 'ReviewScreen' }])
  await expect(
    page.getByTestId('review-top-bar').getByRole('heading', { name: 'Smoke review' }),
  ).toBeVisible()
  await expectHostSingletons(page, 'review', seen)
})

test('review slice: the guest entry of a feedback link loads nothing of the shell, and gates a visitor', async ({
  browser,
}) => {
  const member = await browser.newContext()
  await signUpByApi(member.request, { email: uniqueEmail('smoke-rev'), name: 'Smoke Rev', teamName: 'Smoke' })
  const canvas = await createCanvas(member.request, {
    type: 'website',
    title: 'Smoke review',
    localUrl: 'https://example.com/',
  })
  await member.close()
  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  const seen = watch(page, 'review')
  await page.goto(`/link/${canvas.subdomain}/`)
  await expect(page.getByRole('dialog', { name: 'Who is reviewing?' })).toBeVisible()
  expect(seen.errors).toEqual([])
  expect(seen.ownScripts.length, 'the slice’s own build').toBeGreaterThan(0)
  expect(seen.foreignScripts, 'nothing of the shell or another slice').toEqual([])
  await visitor.close()
})
