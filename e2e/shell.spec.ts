import { expect, test } from '@playwright/test'
import { expectNoSeriousAxe } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { ShellPage } from './pages/shell-page'
import { createCanvas } from './review-fixtures'
import { expectSingletonsFrom, linkFromOutbox, PASSWORD, shot, signUpByApi, uniqueEmail } from './support'

test.describe('module federation', () => {
  test('remotes use the shell’s React, Jotai store and shared packages (one instance each)', async ({
    page,
  }) => {
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    const email = uniqueEmail('mf')
    await signUpByApi(page.request, { email, name: 'Ada Lovelace', teamName: 'Engines' })
    const shell = new ShellPage(page)
    const dashboard = new DashboardPage(page)

    // The login the shell holds (its auth atom) is seen inside each remote.
    await page.goto('/dashboard')
    await expect(shell.header.getByTestId('header-user')).toContainText('Ada Lovelace')
    await expect(dashboard.heading).toHaveText('All canvases')
    await shell.navigate('/billing')
    await expect(page.getByTestId('billing-plan-name')).toHaveText('Free')
    await shell.navigate('/link/some-canvas/')
    await expect(page.getByTestId('review-user')).toHaveText('Ada Lovelace')

    const shared = await shell.sharedModules()
    expectSingletonsFrom(shared, 'shell', 'shell')
    // Every remote consumed the shell's jotai and state package instead of bundling its own.
    for (const key of ['jotai', '@pinpoint/state', 'react/jsx-runtime']) {
      expect(Object.values(shared[key] ?? {})[0]?.useIn, key).toEqual(
        expect.arrayContaining(['dashboard', 'review', 'billing']),
      )
    }
    // react-router is the shell's alone (tree-shaken, not shared); remotes navigate through the
    // shell's navigate function (navigatorAtom of @pinpoint/state), so there is one router.
    expect(shared['react-router']).toBeUndefined()
    // One federation runtime: remotes run on the shell's (external runtime), none ships its own.
    const runtimes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /remoteEntry|mf-manifest/.test(name)),
    )
    expect(runtimes.filter((name) => name.includes('remoteEntry'))).toHaveLength(3)
    expect(pageErrors).toEqual([])
  })

  test('one Jotai store and ONE QueryClient per page across all three remotes; signing out clears them all', async ({
    page,
  }) => {
    await signUpByApi(page.request, { email: uniqueEmail('one'), name: 'Grace Hopper' })
    const shell = new ShellPage(page)
    await page.goto('/dashboard')
    await expect(new DashboardPage(page).heading).toHaveText('All canvases')
    expect(await shell.recordProviders('[data-testid="header-user"]', 'shell')).toEqual({
      store: true,
      client: true,
    })
    expect(await shell.recordProviders('[data-testid="dashboard-heading"]', 'dashboard')).toEqual({
      store: true,
      client: true,
    })
    await shell.navigate('/billing')
    await expect(page.getByTestId('billing-plan-name')).toHaveText('Free')
    expect(await shell.recordProviders('[data-testid="billing-plan-name"]', 'billing')).toEqual({
      store: true,
      client: true,
    })
    await shell.navigate('/link/some-canvas/')
    await expect(page.getByTestId('review-user')).toHaveText('Grace Hopper')
    expect(await shell.recordProviders('[data-testid="review-user"]', 'review')).toEqual({
      store: true,
      client: true,
    })
    // The same objects everywhere: one store, one query client, one react-dom.
    expect(await shell.recordedProviders()).toEqual({
      names: ['shell', 'dashboard', 'billing', 'review'],
      stores: 1,
      clients: 1,
      reactDoms: 1,
    })
    // What billing fetched sits in the client the dashboard and the review screen hold.
    for (const name of ['dashboard', 'review']) {
      expect(await shell.cachedQueryKeys(name), name).toEqual(
        expect.arrayContaining(['["billing","data"]', '["session","me"]']),
      )
    }

    // Signing out once (from the shell's account menu, over the dashboard) empties what every
    // remote holds, without a reload: the cache the billing and review remotes read is empty, and the
    // review screen no longer says who is signed in.
    await shell.navigate('/dashboard')
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByTestId('header-user').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
    for (const name of ['billing', 'review', 'dashboard'])
      expect(await shell.cachedQueryKeys(name), name).toEqual([])
    await shell.navigate('/link/some-canvas/')
    await expect(page.getByTestId('panel-review')).toBeVisible()
    await expect(page.getByTestId('review-user')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
  })

  test('signing out from a slice (the review screen’s account menu) signs the shell and the other slices out', async ({
    page,
  }) => {
    await signUpByApi(page.request, { email: uniqueEmail('slice-out'), name: 'Dorothy Vaughan' })
    const canvas = await createCanvas(page.request, {
      type: 'website',
      title: 'Slice sign-out',
      localUrl: 'https://example.com/',
    })
    const shell = new ShellPage(page)
    await page.goto('/billing')
    await expect(page.getByTestId('billing-plan-name')).toHaveText('Free')
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await shell.navigate(`/link/${canvas.subdomain}/`)
    await expect(page.getByTestId('review-user')).toHaveText('Dorothy Vaughan')
    // The bar with its new account button passes axe (an open Radix menu hides the rest of the page
    // from assistive technology, which no journey audits).
    await expectNoSeriousAxe(page, 'review screen with the account menu')
    await page.getByRole('button', { name: 'Reviewing as Dorothy Vaughan' }).click()
    await expect(page.getByRole('menu').getByText('Signed in as Dorothy Vaughan')).toBeVisible()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByTestId('review-user')).toHaveCount(0)
    // The shell's guard reads the same auth atom: billing now asks to log in, with no reload in between.
    await page.evaluate(() => {
      history.pushState({}, '', '/billing')
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    })
    await expect(page).toHaveURL(/\/login\?next=%2Fbilling$/)
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
    expect((await page.request.get('/api/v1/sessions/me')).status()).toBe(401)
  })

  test('a link inside the dashboard navigates with the shell’s router, without reloading the page', async ({
    page,
  }) => {
    await signUpByApi(page.request, { email: uniqueEmail('nav'), name: 'Nav Person' })
    const created = await page.request.post('/api/v1/canvases', {
      data: { type: 'website', title: 'Router check', localUrl: 'https://example.com/' },
    })
    expect(created.status()).toBeLessThan(300)
    await page.goto('/dashboard')
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('link', { name: 'Router check', exact: true }).click()
    await expect(page).toHaveURL(/\/link\/[^/]+\/$/)
    await expect(page.getByTestId('panel-review')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
  })

  test('a remote that cannot be loaded shows a message and recovers on Retry', async ({ page }) => {
    await signUpByApi(page.request, { email: uniqueEmail('retry'), name: 'Retry Person' })
    let failing = true
    await page.route('**/mf/billing/mf-manifest.json', (route) =>
      failing ? route.abort('failed') : route.continue(),
    )
    await page.goto('/billing')
    const panel = page.getByTestId('panel-billing')
    await expect(panel.getByRole('alert')).toContainText('Billing could not be loaded')
    await shot(page, 'shell-remote-failed')

    failing = false
    await panel.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByTestId('billing-overview')).toBeVisible()
    await expect(panel.getByRole('alert')).toHaveCount(0)
  })

  test('a new build of a remote is picked up at run time, without rebuilding the shell', async ({ page }) => {
    await signUpByApi(page.request, { email: uniqueEmail('swap'), name: 'Swap Person' })
    // Deployment: remotes.json now points the dashboard at another build ("dashboard-next"), served
    // from another place. The shell's files are the same ones.
    const remotes = await (await page.request.get('/remotes.json')).json()
    await page.route('**/remotes.json', (route) =>
      route.fulfill({ json: { ...remotes, dashboard: '/mf/dashboard-next/mf-manifest.json' } }),
    )
    const nextBuildFiles: string[] = []
    await page.route('**/mf/dashboard-next/**', async (route) => {
      const url = new URL(route.request().url())
      nextBuildFiles.push(url.pathname)
      const original = await page.request.get(url.pathname.replace('/mf/dashboard-next/', '/mf/dashboard/'))
      let body = await original.body()
      // The "new release": a changed heading in the dashboard's code.
      if (url.pathname.endsWith('.js'))
        body = Buffer.from(body.toString('utf8').replaceAll('All canvases', 'Every canvas'))
      await route.fulfill({ status: original.status(), headers: original.headers(), body })
    })
    const shellAssets: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) shellAssets.push(response.url())
    })
    await page.goto('/dashboard')
    await expect(new DashboardPage(page).heading).toHaveText('Every canvas')
    expect(nextBuildFiles).toContain('/mf/dashboard-next/mf-manifest.json')
    expect(nextBuildFiles.some((path) => path.endsWith('remoteEntry.js'))).toBe(true)
    // The shell itself came from its unchanged build.
    expect(shellAssets.length).toBeGreaterThan(0)
    // The dashboard keeps fetching chunks of the new build after its heading shows (its dialogs, once the
    // browser is idle). A handler still between its request and `body()` when the test ended and the
    // context closed read a disposed response ("apiResponse.body: Response has been disposed"): let the
    // handlers in flight finish before the page goes.
    await page.unrouteAll({ behavior: 'wait' })
  })

  test('a deep link is answered by the shell, which shows its own not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible()
    await shot(page, 'not-found')
    await page.getByRole('link', { name: 'Back to Pinpoint' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test.describe('remote deployed alone', () => {
  test('dashboard standalone page renders, styled by its own CSS', async ({ page }) => {
    await signUpByApi(page.request, { email: uniqueEmail('alone'), name: 'Alone' })
    await page.goto('/mf/dashboard/app/index.html')
    const heading = new DashboardPage(page).heading
    await expect(heading).toHaveText('All canvases')
    await expect(heading).toHaveCSS('font-weight', '600')
  })

  for (const [remote, testId, text] of [
    ['review', 'review-screen', 'Open a feedback link'],
    ['billing', 'billing-signed-out', 'Sign in to see billing'],
  ] as const) {
    test(`${remote} standalone page renders, styled by its own CSS`, async ({ page }) => {
      await page.goto(`/mf/${remote}/app/index.html`)
      const root = page.getByTestId(testId)
      await expect(root).toContainText(text)
      await expect(root.getByText(text)).toHaveCSS('font-weight', '600')
      await expect(page.getByText('Checking your session…')).toHaveCount(0)
    })
  }
})

test.describe('login under attack (decision 028)', () => {
  test('after many failed logins from many addresses the owner is told to check their e-mail, and the link logs them in', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // 60 password checks on a shared CPU take a while.
    test.setTimeout(240_000)
    const email = uniqueEmail('guessed')
    const owner = await playwright.request.newContext({ baseURL })
    await signUpByApi(owner, { email, name: 'Grace Hopper', teamName: 'Guessed' })
    await owner.delete('/api/v1/sessions')
    // A botnet: 60 wrong passwords, each from its own address.
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => batch * 10 + index + 1).map((n) =>
          owner.post('/api/v1/sessions', {
            data: { email, password: `guess-${n}` },
            headers: { 'x-forwarded-for': `198.18.7.${n}` },
          }),
        ),
      )
    }
    await owner.dispose()

    await page.goto('/login')
    await page.getByLabel('Work e-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    const notice = page.getByTestId('login-link-required')
    await expect(notice).toContainText('Check your e-mail to finish logging in.')
    await expect(notice).toContainText(email)
    await shot(page, 'login-link-required')

    const link = await linkFromOutbox(
      page.request,
      email,
      /login link/i,
      /https?:\/\/[^\s"'<>]+\/login-link\?token=[A-Za-z0-9_-]+/,
    )
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await expect(page).toHaveURL(/\/dashboard/)
    // The link works once.
    await page.context().clearCookies()
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await expect(page.getByRole('heading', { name: 'This login link does not work' })).toBeVisible()
  })
})
