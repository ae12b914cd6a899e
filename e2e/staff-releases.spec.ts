/**
 * The staff releases screen (decision 051): a staff member opens it from Staff tools, sees per slice the
 * versions and which is live, switches the dashboard to a published version by keyboard (the next page
 * load shows it), and rolls back. A member who is not staff is told the page is not theirs. Axe on desktop
 * and on a phone (390 px, touch), where the page does not scroll sideways.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { fixtures, ownNetwork, shot, signUpByApi, uniqueEmail } from './support'

const dashboardDist = join(import.meta.dirname, '..', 'mf-dashboard', 'dist')

/** The shipped dashboard build with its heading changed, as `release` would send it (no app/ page). */
function changedDashboardFiles(heading: string, manifest: (text: string) => string = (text) => text) {
  const files: { path: string; content: string }[] = []
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (dir === dashboardDist && ['app', '.build-hash', 'mf-stats.json'].includes(name)) continue
      if (statSync(full).isDirectory()) visit(full)
      else {
        let content = readFileSync(full)
        if (name.endsWith('.js'))
          content = Buffer.from(content.toString('utf8').replaceAll('All canvases', heading))
        if (name === 'mf-manifest.json') content = Buffer.from(manifest(content.toString('utf8')))
        files.push({ path: relative(dashboardDist, full), content: content.toString('base64') })
      }
    }
  }
  visit(dashboardDist)
  return files
}

async function logInAsStaff(page: Page) {
  const { staff } = fixtures()
  await page.goto('/login')
  await page.getByLabel('Work e-mail').fill(staff.email)
  await page.getByLabel('Password').fill(staff.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
}

test.describe.configure({ mode: 'serial' })

test.afterAll(async ({ browser, baseURL }) => {
  // Leave the dashboard as shipped for the journeys that follow.
  const page = await browser.newPage()
  await logInAsStaff(page)
  const response = await page.request.put('/api/v1/releases/dashboard/live', {
    headers: { origin: baseURL ?? '' },
    data: { version: null },
  })
  expect(response.status()).toBeLessThan(300)
  await page.close()
})

test('staff switch the dashboard to a published version from the releases screen, by keyboard, and roll back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await logInAsStaff(page)
  const version = `screen-${Date.now().toString(36)}`
  const published = await page.request.post('/api/v1/releases/dashboard', {
    headers: { origin: baseURL ?? '' },
    data: { version, files: changedDashboardFiles('Canvases of the staff build') },
  })
  expect(published.status(), await published.text()).toBeLessThan(300)

  await page.goto('/staff')
  await page.getByRole('link', { name: /Front-end releases/ }).click()
  await expect(page).toHaveURL(/\/staff\/releases$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Front-end releases' })).toBeVisible()
  const dashboardCard = page.getByTestId('releases-dashboard')
  const versions = dashboardCard.getByRole('list', { name: 'Dashboard' })
  await expect(versions.getByRole('listitem').filter({ hasText: version })).toBeVisible()
  for (const slice of ['review', 'billing']) await expect(page.getByTestId(`releases-${slice}`)).toBeVisible()
  await expectNoSeriousAxe(page, 'staff releases screen')

  // By keyboard: focus the version's Switch button and press Enter.
  const switchButton = dashboardCard.getByRole('button', { name: `Switch Dashboard to ${version}` })
  await switchButton.focus()
  await page.keyboard.press('Enter')
  await expect(dashboardCard.getByRole('status')).toHaveText(
    `Dashboard now runs ${version}; the next page load gets it.`,
  )
  const liveRow = versions.getByRole('listitem').filter({ hasText: version })
  await expect(liveRow.getByText('Live', { exact: true })).toBeVisible()
  await expect(dashboardCard).toContainText(`Live: ${version}, switched by ${fixtures().staff.email}`)
  await shot(page, 'staff-releases-switched')
  await expectNoSeriousAxe(page, 'staff releases screen after a switch')

  await page.goto('/dashboard')
  await expect(new DashboardPage(page).heading).toHaveText('Canvases of the staff build')

  await page.goto('/staff/releases')
  await dashboardCard.getByRole('button', { name: 'Roll back Dashboard' }).focus()
  await page.keyboard.press('Enter')
  await expect(dashboardCard.getByRole('status')).toHaveText(
    'Dashboard now runs the shipped build; the next page load gets it.',
  )
  await dashboardCard.getByText('Switch history').click()
  await expect(dashboardCard.getByRole('listitem').filter({ hasText: `${version} by` })).toBeVisible()
  await page.goto('/dashboard')
  await expect(new DashboardPage(page).heading).toHaveText('All canvases')
})

test('on a phone the releases screen fits, passes axe, and switches by touch', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL })
  const page = await context.newPage()
  await logInAsStaff(page)
  await page.goto('/staff/releases')
  const dashboardCard = page.getByTestId('releases-dashboard')
  await expect(dashboardCard).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoSeriousAxe(page, 'staff releases screen on a phone')
  await shot(page, 'staff-releases-phone')
  await dashboardCard
    .getByRole('button', { name: /^Switch Dashboard to screen-/ })
    .first()
    .tap()
  await expect(dashboardCard.getByRole('status')).toContainText('Dashboard now runs screen-')
  await context.close()
})

test('a version the shell cannot satisfy is refused by Switch, with the mismatch named', async ({
  page,
  baseURL,
}) => {
  await logInAsStaff(page)
  const version = `misfit-${Date.now().toString(36)}`
  // Published with force (release refuses it otherwise): built against a jotai the shell does not have.
  const published = await page.request.post('/api/v1/releases/dashboard', {
    headers: { origin: baseURL ?? '' },
    data: {
      version,
      force: true,
      files: changedDashboardFiles('Misfit canvases', (text) => text.replaceAll('"^3.0.1"', '"^4.0.0"')),
    },
  })
  expect(published.status(), await published.text()).toBeLessThan(300)
  await page.goto('/staff/releases')
  const dashboardCard = page.getByTestId('releases-dashboard')
  await dashboardCard.getByRole('button', { name: `Switch Dashboard to ${version}` }).click()
  await expect(dashboardCard.getByRole('alert')).toContainText(
    'shared jotai: dashboard requires ^4.0.0, the shell provides 3.0.1',
  )
  await expect(
    dashboardCard.getByRole('listitem').filter({ hasText: version }).getByText('Live'),
  ).toHaveCount(0)
  await expectNoSeriousAxe(page, 'staff releases screen with a refused switch')
  await shot(page, 'staff-releases-refused')
  await page.goto('/dashboard')
  await expect(new DashboardPage(page).heading).not.toHaveText('Misfit canvases')
})

test('a member who is not staff is told the releases screen is not theirs', async ({ page }) => {
  await signUpByApi(page.request, { email: uniqueEmail('notstaff'), name: 'Not Staff' })
  await page.goto('/staff/releases')
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible()
  expect((await page.request.get('/api/v1/releases', { headers: ownNetwork() })).status()).toBe(403)
})
