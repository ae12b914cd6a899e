/**
 * A member on a phone (390×844, touch, issue 19): the dashboard, a new website canvas through the New
 * canvas sheet (every tab in view, none off-screen in a sideways row), then settings (every section
 * link in view). Each step is tapped, audited with axe-core, its tap targets measured and photographed.
 */
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, expectTapTargets, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { type CorpusServer, startCorpusServer } from './review-fixtures'
import { shot, signUpByApi, uniqueEmail } from './support'

let corpus: CorpusServer
test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

async function check(page: Page, name: string) {
  await shot(page, `phone-member-${name}`)
  await expectNoSeriousAxe(page, `phone ${name}`)
  await expectTapTargets(page.locator('body'), `phone ${name}`)
  await expectNoSidewaysScroll(page)
}

/** Every one of `items` lies inside the 390 px screen (nothing to scroll sideways to find). */
async function expectAllInView(items: Locator) {
  await expect(items.first()).toBeVisible()
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect()
      return { text: element.textContent?.trim() ?? '', left: rect.left, right: rect.right }
    }),
  )
  expect(boxes.length).toBeGreaterThan(1)
  for (const box of boxes) {
    expect(box.left, box.text).toBeGreaterThanOrEqual(0)
    expect(box.right, box.text).toBeLessThanOrEqual(390)
  }
}

test('phone member: dashboard, create a website canvas, settings', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  await signUpByApi(page.request, { email: uniqueEmail('mia'), name: 'Mia Member', teamName: 'Mia studio' })
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await check(page, 'dashboard')

  await page.getByRole('button', { name: 'New canvas' }).first().tap()
  const dialog = page.getByRole('dialog', { name: 'New canvas' })
  await expect(dialog).toBeVisible()
  await expectAllInView(dialog.getByRole('tab'))
  await check(page, 'new-canvas')
  await dialog
    .getByLabel('Website address')
    .fill(`${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/`)
  await dialog.getByRole('button', { name: 'Create canvas' }).tap()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('canvas-card').first()).toBeVisible()
  await check(page, 'dashboard-with-canvas')

  await page.getByTestId('header-user').tap()
  await page.getByRole('menuitem', { name: 'Profile and settings' }).tap()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expectAllInView(page.getByRole('navigation', { name: 'Settings' }).getByRole('link'))
  await check(page, 'settings')
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).tap()
  await expect(page).toHaveURL(/\/settings\/team/)
  await check(page, 'settings-team')
  await context.close()
})
