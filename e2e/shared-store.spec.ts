/**
 * One React, one Jotai store and one QueryClient per page, across all three slices at once (issue 14):
 * the dashboard, billing and review slices mounted together in the minimal federation host, and a sign-out
 * made inside one slice (the review screen's account menu, a control its users need: the feedback link is
 * a whole page without the shell's menu) seen at once by the other two through the shared auth atom.
 */
import { expect, test } from '@playwright/test'
import { ShellPage } from './pages/shell-page'
import { createCanvas } from './review-fixtures'
import { openInSliceHost } from './slice-host'
import { signUpByApi, uniqueEmail } from './support'

test('signing out from the review slice’s account menu signs the dashboard and billing slices on the page out', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await signUpByApi(page.request, { email: uniqueEmail('one-page'), name: 'Mary Jackson' })
  const canvas = await createCanvas(page.request, {
    type: 'website',
    title: 'Wind tunnel',
    localUrl: 'https://example.com/',
  })
  await openInSliceHost(page, `/link/${canvas.subdomain}/`, [
    { remote: 'dashboard', module: 'DashboardApp' },
    { remote: 'billing', module: 'BillingOverview' },
    { remote: 'review', module: 'ReviewScreen' },
  ])
  await expect(page.getByTestId('dashboard-heading')).toHaveText('All canvases')
  await expect(page.getByRole('link', { name: 'Wind tunnel', exact: true })).toBeVisible()
  await expect(page.getByTestId('billing-plan-name')).toHaveText('Free')
  const topBar = page.getByTestId('review-top-bar')
  await expect(topBar.getByRole('heading', { name: 'Wind tunnel' })).toBeVisible()
  await expect(page.getByTestId('review-user')).toHaveText('Mary Jackson')

  // The three slices render under the same store, query client and react-dom.
  const providers = new ShellPage(page)
  for (const [selector, name] of [
    ['[data-testid="dashboard-heading"]', 'dashboard'],
    ['[data-testid="billing-plan-name"]', 'billing'],
    ['[data-testid="review-top-bar"]', 'review'],
  ] as const)
    expect(await providers.recordProviders(selector, name), name).toEqual({ store: true, client: true })
  expect(await providers.recordedProviders()).toEqual({
    names: ['dashboard', 'billing', 'review'],
    stores: 1,
    clients: 1,
    reactDoms: 1,
  })
  // What billing fetched sits in the client the review screen holds.
  expect(await providers.cachedQueryKeys('review')).toEqual(expect.arrayContaining(['["billing","data"]']))

  await page.evaluate(() => Object.assign(window, { samePage: true }))
  await topBar.getByRole('button', { name: 'Reviewing as Mary Jackson' }).click()
  await expect(page.getByRole('menu').getByText('Signed in as Mary Jackson')).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()

  // The other slices follow the cleared auth atom, without a reload.
  await expect(page.getByTestId('billing-signed-out')).toContainText('Sign in to see billing')
  await expect(page.getByTestId('dashboard-home')).toContainText('Sign in to see your canvases')
  await expect(page.getByTestId('dashboard-heading')).toHaveCount(0)
  await expect(page.getByTestId('review-user')).toHaveCount(0)
  await expect(topBar.getByRole('heading', { name: 'Wind tunnel' })).toBeVisible()
  expect(await providers.cachedQueryKeys('dashboard')).not.toContain('["billing","data"]')
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
  // And the session is over on the server.
  expect((await page.request.get('/api/v1/sessions/me')).status()).toBe(401)
  expect(errors).toEqual([])
})

test('on a phone the review screen’s Help menu carries Sign out (the bar has no room for the account menu)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  const page = await context.newPage()
  await signUpByApi(page.request, { email: uniqueEmail('phone-out'), name: 'Katherine Johnson' })
  const canvas = await createCanvas(page.request, {
    type: 'website',
    title: 'Trajectory',
    localUrl: 'https://example.com/',
  })
  await page.goto(`/link/${canvas.subdomain}/`)
  const topBar = page.getByTestId('review-top-bar')
  await expect(topBar.getByRole('button', { name: 'Help' })).toBeVisible()
  await expect(topBar.getByRole('button', { name: 'Reviewing as Katherine Johnson' })).toBeHidden()
  await topBar.getByRole('button', { name: 'Help' }).tap()
  await expect(page.getByRole('menu').getByText('Signed in as Katherine Johnson')).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).tap()
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect.poll(async () => (await page.request.get('/api/v1/sessions/me')).status()).toBe(401)
  await topBar.getByRole('button', { name: 'Help' }).tap()
  await expect(page.getByRole('menuitem', { name: 'Restart tour' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0)
  await context.close()
})
