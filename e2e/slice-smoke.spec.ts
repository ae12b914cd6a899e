/**
 * Per-slice smoke (docs/micro-frontends.md): each slice mounted alone in its minimal host page, the
 * `dist/app/index.html` its build makes (the exposed module in a store and query client of its own, no
 * shell), against the real API. Each slice's `test` script runs its own test here (`-g "<slice> slice"`),
 * so a team checks its build without the shell or the other slices.
 */
import { expect, type Page, test } from '@playwright/test'
import { createCanvas } from './review-fixtures'
import { signUpByApi, uniqueEmail } from './support'

/** Collects page errors, and every script the page itself loads that is not the slice's own. */
function watch(page: Page, slice: string) {
  const errors: string[] = []
  const foreignScripts: string[] = []
  const ownScripts: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    // The page's own scripts; a canvas's frame (the proxied site and its bridge) is not the slice.
    if (response.request().frame() !== page.mainFrame()) return
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js')) return
    if (url.pathname.startsWith(`/mf/${slice}/`)) ownScripts.push(url.pathname)
    else foreignScripts.push(url.pathname)
  })
  return { errors, foreignScripts, ownScripts }
}

test('dashboard slice: alone in its host page, lists the canvases the API has', async ({ page }) => {
  await signUpByApi(page.request, { email: uniqueEmail('smoke-dash'), name: 'Smoke Dash', teamName: 'Smoke' })
  await createCanvas(page.request, {
    type: 'website',
    title: 'Smoke canvas',
    localUrl: 'https://example.com/',
  })
  const seen = watch(page, 'dashboard')
  await page.goto('/mf/dashboard/app/index.html')
  await expect(page.getByTestId('dashboard-heading')).toHaveText('All canvases')
  await expect(page.getByRole('link', { name: 'Smoke canvas', exact: true })).toBeVisible()
  expect(seen.errors).toEqual([])
  expect(seen.ownScripts.length, 'the slice’s own build').toBeGreaterThan(0)
  expect(seen.foreignScripts, 'nothing of the shell or another slice').toEqual([])
})

test('billing slice: alone in its host page, shows the plan the API has', async ({ page }) => {
  await signUpByApi(page.request, { email: uniqueEmail('smoke-bill'), name: 'Smoke Bill' })
  const seen = watch(page, 'billing')
  await page.goto('/mf/billing/app/index.html')
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
  await expect(page.getByTestId('billing-plan-name')).toHaveText('Free')
  expect(seen.errors).toEqual([])
  expect(seen.ownScripts.length, 'the slice’s own build').toBeGreaterThan(0)
  expect(seen.foreignScripts, 'nothing of the shell or another slice').toEqual([])
})

test('review slice: alone in its host page (the guest entry of a feedback link), gates a visitor', async ({
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
