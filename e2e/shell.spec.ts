import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { ShellPage } from './pages/shell-page'

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'jotai',
  '@tanstack/react-query',
  '@pinpoint/state',
  '@pinpoint/ui',
  '@pinpoint/api',
]

test.describe('shell', () => {
  test('loads one component from each remote at run time', async ({ page }) => {
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    const shell = new ShellPage(page)

    await shell.goto()
    await expect(shell.header.getByRole('link', { name: 'Pinpoint' })).toBeVisible()
    await shell.expectRemotesLoaded()
    // The dashboard's query ran on the shell's QueryClient against the real server.
    await expect(shell.dashboard.getByTestId('api-status')).toHaveAttribute('data-state', 'up')
    // The shell settled the session (here: nobody signed in) and every remote saw it.
    await expect(shell.review).toHaveAttribute('data-auth-loaded', 'true')
    await expect(shell.header).toContainText('Not signed in')
    // Each remote brought its own stylesheet: its utilities apply although the shell's CSS never saw them.
    await expect(shell.review.getByText('Review ready')).toHaveCSS('font-weight', '600')

    await page.screenshot({ path: join(import.meta.dirname, 'screenshots', 'shell.png'), fullPage: true })
    expect(pageErrors).toEqual([])
  })

  test('remotes use the shell’s React, Jotai store and shared packages (one instance each)', async ({
    page,
  }) => {
    // The shell writes the signed-in user into its auth atom; remotes only read it.
    await page.route('**/api/v1/sessions/me', (route) =>
      route.fulfill({ json: { user: { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' } } }),
    )
    const shell = new ShellPage(page)
    await shell.goto()

    await expect(shell.header.getByTestId('header-user')).toContainText('Ada Lovelace')
    await expect(shell.review.getByTestId('review-user')).toHaveText('Ada Lovelace')
    await expect(shell.billing).toContainText('ada@example.com')
    await expect(shell.dashboard).toContainText('Canvases and folders of Ada Lovelace.')
    await page.screenshot({ path: join(import.meta.dirname, 'screenshots', 'shell-signed-in.png') })

    const shared = await shell.sharedModules()
    for (const key of SINGLETONS) {
      const versions = Object.entries(shared[key] ?? {})
      expect(versions, `${key} is in the share scope once`).toHaveLength(1)
      const [, info] = versions[0] as [string, { from: string; loaded: boolean }]
      expect(info, `${key} comes from the shell`).toMatchObject({ from: 'shell', loaded: true })
    }
    // Every remote consumed the shell's jotai and state package instead of bundling its own.
    expect(Object.values(shared.jotai ?? {})[0]?.useIn).toEqual(
      expect.arrayContaining(['dashboard', 'review', 'billing']),
    )
    expect(Object.values(shared['@pinpoint/state'] ?? {})[0]?.useIn).toEqual(
      expect.arrayContaining(['dashboard', 'review', 'billing']),
    )
  })

  test('a remote that cannot be loaded shows a message and recovers on Retry', async ({ page }) => {
    let failing = true
    await page.route('**/mf/billing/mf-manifest.json', (route) =>
      failing ? route.abort('failed') : route.continue(),
    )
    const shell = new ShellPage(page)
    await shell.goto()

    await expect(shell.dashboard).toContainText('Dashboard ready')
    await expect(shell.review).toContainText('Review ready')
    const billing = shell.panel('billing')
    await expect(billing.getByRole('alert')).toContainText('Billing could not be loaded')
    await page.screenshot({ path: join(import.meta.dirname, 'screenshots', 'shell-remote-failed.png') })

    failing = false
    await billing.getByRole('button', { name: 'Retry' }).click()
    await expect(shell.billing).toContainText('Billing ready')
    await expect(billing.getByRole('alert')).toHaveCount(0)
  })

  test('a deep link is answered by the shell, which shows its own not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Pinpoint' }).click()
    await expect(page).toHaveURL('/')
    await new ShellPage(page).expectRemotesLoaded()
  })
})

test.describe('remote deployed alone', () => {
  for (const [remote, testId, text] of [
    ['dashboard', 'dashboard-home', 'Dashboard ready'],
    ['review', 'review-screen', 'Review ready'],
    ['billing', 'billing-summary', 'Billing ready'],
  ] as const) {
    test(`${remote} standalone page renders, styled by its own CSS`, async ({ page }) => {
      await page.goto(`/mf/${remote}/app/index.html`)
      const root = page.getByTestId(testId)
      await expect(root).toContainText(text)
      await expect(root.getByText(text)).toHaveCSS('font-weight', '600')
      // It made its own session check instead of waiting for a shell.
      await expect(page.getByText('Checking your session…')).toHaveCount(0)
    })
  }
})
