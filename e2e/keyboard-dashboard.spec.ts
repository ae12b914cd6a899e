/**
 * The dashboard by keyboard alone (issue 19 item 5 and the keyboard acceptance): every menu trigger keeps
 * the focus it gets from Tab (the lazily loaded menu used to drop it to the body) and closes back onto
 * it; a canvas is created and opened without the mouse; and a guest's "Who is reviewing?" gate gives the
 * focus to the canvas when it closes (item 6).
 */
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe } from './a11y'
import { expectFocusVisible, tabTo } from './keyboard'
import { DashboardPage } from './pages/dashboard-page'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, createCanvas, startCorpusServer } from './review-fixtures'
import { shot, signUpByApi, uniqueEmail } from './support'

let corpus: CorpusServer
test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

/** Reached by Tab from the top of the page, the trigger keeps the focus; Enter opens, Escape returns. */
async function menuByKeyboard(page: Page, trigger: Locator) {
  await page.locator('body').focus()
  await tabTo(page, trigger)
  // The menu's code swaps in on the first focus: the focus must still be here afterwards.
  await page.waitForTimeout(400)
  await expectFocusVisible(trigger)
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem').or(menu.getByRole('menuitemradio')).first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expectFocusVisible(trigger)
}

test('dashboard by keyboard: every menu trigger keeps its focus; create and open a canvas', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signUpByApi(page.request, { email: uniqueEmail('tab'), name: 'Tab Tester', teamName: 'Tab studio' })
  const folder = await page.request.post('/api/v1/folders', { data: { name: 'Alpha' } })
  expect(folder.status(), await folder.text()).toBeLessThan(300)
  await createCanvas(page.request, { type: 'design', title: 'Existing poster' })
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.folder('Alpha')).toBeVisible()

  for (const name of [/^Sort projects/, /^Actions for Alpha$/, /^Filter: /, /^Sort: /]) {
    await test.step(`${name} by keyboard`, async () => {
      await page.reload()
      await expect(dashboard.heading).toBeVisible()
      await menuByKeyboard(page, page.getByRole('button', { name }))
    })
  }

  await test.step('create a website canvas without the mouse', async () => {
    const newCanvas = page.getByRole('button', { name: 'New canvas' }).first()
    await page.locator('body').focus()
    await tabTo(page, newCanvas)
    await expectFocusVisible(newCanvas)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'New canvas' })
    await expect(dialog).toBeVisible()
    const address = dialog.getByLabel('Website address')
    await tabTo(page, address, { max: 15 })
    await page.keyboard.type(`${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`)
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('canvas-card')).toHaveCount(2)
    // No title typed: the canvas is called by its page's <title>, not "127.0.0.1" (item 15).
    await expect(dashboard.card('Clean Blog')).toBeVisible()
    await shot(page, 'keyboard-dashboard-created')
  })

  await test.step('open the new canvas from its card with Enter', async () => {
    const card = dashboard.card('Clean Blog')
    const link = card.getByRole('link').last()
    await page.locator('body').focus()
    await tabTo(page, link)
    await expectFocusVisible(link)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/link\/[^/]+\//)
    await expect(page.getByTestId('review-top-bar')).toBeVisible()
  })
})

/** Arrow Down through the open menu until the item whose text starts with `name` has the focus. */
async function arrowTo(page: Page, name: string) {
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
  let text = await focused()
  for (let i = 0; i < 20; i += 1) {
    if (text.startsWith(name)) return
    const before = text
    await page.keyboard.press('ArrowDown')
    // The menu moves the focus after the key event: read it only once it moved (at the last item it
    // stays), or the next press lands before this one and an item is skipped.
    await expect
      .poll(focused, { timeout: 2000 })
      .not.toBe(before)
      .catch(() => undefined)
    text = await focused()
  }
  throw new Error(`no menu item ${name}`)
}

test('every dialog of a canvas card and of a project, by keyboard: titled, axe clean, focus returned', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpByApi(page.request, {
    email: uniqueEmail('dlg'),
    name: 'Dee Dialogs',
    teamName: 'Dialog studio',
  })
  const folder = await page.request.post('/api/v1/folders', { data: { name: 'Beta' } })
  expect(folder.status(), await folder.text()).toBeLessThan(300)
  await createCanvas(page.request, { type: 'design', title: 'Poster' })
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.card('Poster')).toBeVisible()

  const menus: [string, string[]][] = [
    [
      'Actions for Poster',
      [
        'Share',
        'Rename',
        'Choose',
        'Deadline and expiry',
        'Reminders',
        'New revision',
        'Link settings',
        'Delete',
      ],
    ],
    ['Actions for Beta', ['New subproject', 'Rename', 'Share', 'Delete project']],
  ]
  for (const [triggerName, items] of menus) {
    const trigger = page.getByRole('button', { name: triggerName, exact: true })
    for (const item of items) {
      await test.step(`${triggerName} → ${item}`, async () => {
        await trigger.focus()
        await page.keyboard.press('Enter')
        await expect(page.getByRole('menu').first()).toBeVisible()
        // "Choose…" sits in the "Move to project" submenu: Arrow Right opens it.
        if (item === 'Choose') {
          await arrowTo(page, 'Move to project')
          await page.keyboard.press('ArrowRight')
        }
        await arrowTo(page, item)
        await page.keyboard.press('Enter')
        const dialog = page.getByRole('dialog')
        await expect(dialog).toBeVisible()
        // Every dialog has a title that names it.
        expect((await dialog.getAttribute('aria-labelledby')) ?? '').not.toBe('')
        await expect(dialog).not.toHaveAccessibleName('')
        await expectNoSeriousAxe(page, `${triggerName} → ${item}`)
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()
        await expectFocusVisible(trigger)
      })
    }
  }
})

test('the guest gate, answered by keyboard, gives the focus to the canvas', async ({ browser }) => {
  const member = await browser.newContext()
  await signUpByApi(member.request, { email: uniqueEmail('gate'), name: 'Gia Gate', teamName: 'Gate studio' })
  const canvas = await createCanvas(member.request, {
    type: 'website',
    title: 'Gate blog',
    localUrl: `${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`,
  })
  const guest = await browser.newContext()
  const review = new ReviewPage(await guest.newPage())
  await review.open(canvas.subdomain)
  const gate = review.page.getByRole('dialog', { name: 'Who is reviewing?' })
  await expect(gate).toBeVisible()
  await expect(gate.getByLabel('Your name')).toBeFocused()
  await review.page.keyboard.type('Kay Keys')
  await review.page.keyboard.press('Tab')
  await expect(gate.getByLabel('Your e-mail')).toBeFocused()
  await review.page.keyboard.type(uniqueEmail('kay'))
  await review.page.keyboard.press('Enter')
  await expect(gate).toBeHidden()
  await expect(review.page.getByRole('main', { name: 'Canvas' })).toBeFocused()
  await guest.close()
  await member.close()
})
