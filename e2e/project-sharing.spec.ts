/**
 * Sharing a project (issue 12, item 1): the owner sets it to "anyone with the link" with a password from
 * the project's actions menu; a client who is not logged in opens /projects/{shareableId}, is asked for
 * the password (a wrong one is refused plainly), sees the project's canvases and opens one on its feedback
 * link, without the dashboard micro-frontend ever loading. Desktop and a 390 px phone, by keyboard where it
 * matters. No axe-core audit here: @axe-core/playwright is not a dependency of e2e yet.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { DashboardPage } from './pages/dashboard-page'
import { uploadAsset } from './review-fixtures'
import { signUpByApi, uniqueEmail } from './support'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }
const SHOTS = process.env.E2E_SHOT_DIR ?? 'test-results/project-sharing'

async function shareFolder(page: Page, folderName: string) {
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.createFolder(folderName)
  // The actions button shows when the project row has focus: reach it by keyboard.
  await dashboard.folder(folderName).focus()
  const actions = dashboard.sidebar.getByRole('button', { name: `Actions for ${folderName}` })
  await actions.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Share' }).click()
  const dialog = page.getByRole('dialog', { name: `Share “${folderName}”` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Who can open the link').selectOption('anyone-with-link')
  await dialog.getByLabel('Description (optional)').fill('Pages for the spring launch. Comments welcome!')
  await dialog.getByLabel('Password (optional)').fill('tulip-42')
  await page.screenshot({ path: `${SHOTS}/share-dialog.png` })
  const link = (await dialog.getByTestId('project-link').textContent()) ?? ''
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Sharing settings saved')).toBeVisible()
  expect(link).toMatch(/\/projects\/[A-Za-z0-9_-]+$/)
  return new URL(link).pathname
}

async function visitAsClient(browser: Browser, path: string, subdomain: string, phone: boolean) {
  const context = await browser.newContext(phone ? PHONE : {})
  const page = await context.newPage()
  const tag = phone ? 'phone' : 'desktop'
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'This project is protected' })).toBeVisible()
  const password = page.getByLabel('Password')
  await password.fill('not-it')
  await password.press('Enter')
  await expect(page.getByText('The password is not correct.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/wrong-password-${tag}.png`, fullPage: true })
  await password.fill('tulip-42')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Spring launch', level: 1 })).toBeVisible()
  await expect(page.getByText('Pages for the spring launch. Comments welcome!')).toBeVisible()
  await expect(page.getByRole('link', { name: /Team eyes only/ })).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/project-${tag}.png`, fullPage: true })
  // The page fits the phone: nothing wider than the viewport.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  )
  expect(loaded.filter((name) => name.includes('/mf/dashboard/'))).toEqual([])
  const canvasLink = page.getByRole('link', { name: /Homepage mock-up/ })
  await canvasLink.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/link/${subdomain}/$`))
  await expect(page.getByTestId('review-top-bar')).toContainText('Homepage mock-up')
  await expect(page.getByTestId('viewer-box')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/canvas-${tag}.png` })
  await context.close()
}

test('share a project with a password; a logged-out client opens it and a canvas (desktop and 390 px)', async ({
  page,
  browser,
}) => {
  await signUpByApi(page.request, { email: uniqueEmail('share'), name: 'Ada Owner', teamName: 'Studio' })
  const path = await shareFolder(page, 'Spring launch')
  const folders = (await (await page.request.get('/api/v1/users/me/folders')).json()) as {
    folders: { id: string; name: string }[]
  }
  const folderId = folders.folders.find((folder) => folder.name === 'Spring launch')?.id
  const created = await page.request.post('/api/v1/canvases', {
    data: { type: 'design', title: 'Homepage mock-up', folderId },
  })
  expect(created.status(), await created.text()).toBeLessThan(300)
  const { canvas } = (await created.json()) as { canvas: { id: string; subdomain: string } }
  // A real document to review (fixtures/README.md gives its source and licence).
  await uploadAsset(page.request, canvas.id, {
    name: 'minimal-document.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pdfs', 'minimal-document.pdf')),
  })
  await page.request.post('/api/v1/canvases', {
    data: { type: 'design', title: 'Team eyes only', folderId, visibility: 'only-team' },
  })
  await visitAsClient(browser, path, canvas.subdomain, false)
  await visitAsClient(browser, path, canvas.subdomain, true)
})

test('the login page offers single sign-on where it exists (decision 044), and /sso leads back to the login', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
  // Asked without an address, or for a domain with no SSO, it says so instead of leading nowhere.
  const useSso = page.getByRole('button', { name: 'Use single sign-on' })
  await useSso.click()
  await expect(page.getByRole('alert')).toHaveText('Enter your work e-mail address first.')
  await page.getByLabel('Work e-mail').fill('someone@no-sso.e2e.test')
  await useSso.click()
  await expect(page.getByRole('alert')).toHaveText(
    'No single sign-on is set up for no-sso.e2e.test. Log in with your password.',
  )
  await expect(page.getByTestId('sso-notice')).toHaveCount(0)
  await page.goto('/sso?next=%2Fdashboard')
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
  await context.close()
})
