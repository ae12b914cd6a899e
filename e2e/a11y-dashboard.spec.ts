/**
 * The dashboard by keyboard and under axe-core (issue 19): menu triggers keep their focus when Tab
 * reaches them (item 5), dialogs give focus back to what opened them (item 6), "Most recent" puts the
 * newest canvas first (item 13), and no serious or critical axe violation on desktop and phone.
 */
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectTapTargets, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { createCanvas } from './review-fixtures'
import { shot, signUpByApi, uniqueEmail } from './support'

/** Tabs until `name` has focus (at most 60 stops), then checks it keeps it once the menu code is in. */
async function tabTo(page: Page, name: string | RegExp) {
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''
    })
    if (typeof name === 'string' ? focused === name : name.test(focused)) return
  }
  throw new Error(`Tab never reached ${name}`)
}

/** The element that has focus is still `name` a moment later (the lazily loaded menu did not steal it). */
async function expectStillFocused(page: Page, name: string | RegExp) {
  await page.waitForTimeout(400)
  await expect(page.getByRole('button', { name })).toBeFocused()
}

test('dashboard by keyboard: menus keep focus, dialogs return it, newest canvas first, axe clean', async ({
  page,
}) => {
  await signUpByApi(page.request, { email: uniqueEmail('keys'), name: 'Kim Keys', teamName: 'Keys studio' })
  for (const title of ['Oldest canvas', 'Middle canvas', 'Newest canvas']) {
    await createCanvas(page.request, { type: 'design', title })
    await page.waitForTimeout(50)
  }
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.card('Newest canvas')).toBeVisible()

  await test.step('"Most recent" lists the newest canvas first', async () => {
    const titles = await page.getByTestId('canvas-card').getByRole('heading').allTextContents()
    expect(titles).toEqual(['Newest canvas', 'Middle canvas', 'Oldest canvas'])
  })

  await test.step('axe on the dashboard', async () => {
    await expectNoSeriousAxe(page, 'dashboard')
    await shot(page, 'a11y-dashboard')
  })

  await test.step('the account menu trigger keeps focus and opens with Enter', async () => {
    await page.locator('body').focus()
    await tabTo(page, /Account menu for Kim Keys/)
    await expectStillFocused(page, /Account menu for Kim Keys/)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menu')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: /Account menu for Kim Keys/ })).toBeFocused()
  })

  await test.step('a card menu trigger keeps focus; Share returns focus to it on close', async () => {
    const trigger = page.getByRole('button', { name: 'Actions for Middle canvas' })
    await trigger.focus()
    await expectStillFocused(page, 'Actions for Middle canvas')
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await menu.getByRole('menuitem', { name: /^Share/ }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expectNoSeriousAxe(page, 'share dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  await test.step('New canvas and New project return focus to their buttons', async () => {
    const newCanvas = page.getByRole('button', { name: 'New canvas' }).first()
    await newCanvas.focus()
    await page.keyboard.press('Enter')
    const canvasDialog = page.getByRole('dialog', { name: 'New canvas' })
    await expect(canvasDialog).toBeVisible()
    await expectNoSeriousAxe(page, 'new canvas dialog')
    await page.keyboard.press('Escape')
    await expect(canvasDialog).toBeHidden()
    await expect(newCanvas).toBeFocused()

    const newProject = dashboard.sidebar.getByRole('button', { name: 'New project' })
    await newProject.focus()
    await page.keyboard.press('Enter')
    const projectDialog = page.getByRole('dialog', { name: 'New project' })
    await expect(projectDialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(projectDialog).toBeHidden()
    await expect(newProject).toBeFocused()
  })
})

test('dashboard on a phone: axe clean, tap targets of 24 px or more', async ({ browser }) => {
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  await signUpByApi(page.request, {
    email: uniqueEmail('phone'),
    name: 'Pat Phone',
    teamName: 'Phone studio',
  })
  await createCanvas(page.request, { type: 'design', title: 'Poster' })
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.card('Poster')).toBeVisible()
  await shot(page, 'a11y-dashboard-phone')
  await expectNoSeriousAxe(page, 'dashboard (phone)')
  await expectTapTargets(page.locator('body'), 'dashboard (phone)')
  await context.close()
})
