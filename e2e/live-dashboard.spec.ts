/**
 * The live dashboard (issue 13 item 4, decision 054): two members of one team, each in a browser of their
 * own. The teammate watches the dashboard on a 390 px phone; the owner creates a canvas and comments on
 * the teammate's canvas. The teammate's dashboard shows the new card, the new count and, under the
 * New activity filter, the commented canvas, all without a reload (a marker set on the page survives).
 * The card says New activity with the unread count in words until the teammate has read the notifications,
 * and the owner's project changes (created, renamed, hidden, shown, deleted) reach the teammate's picker.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { ownerWithTeammate } from './support'

async function createCanvas(request: APIRequestContext, title: string) {
  const res = await request.post('/api/v1/canvases', { data: { type: 'design', title } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { canvas: { id: string } }).canvas
}

/** An owner with a team (the page's context) and a teammate who joined by invite, in a phone browser. */
async function teamWithMateOnPhone(page: Page, browser: Browser) {
  const context = await browser.newContext(PHONE)
  await ownerWithTeammate(page.request, context.request, { prefix: 'live-', teamName: 'Live Studio' })
  return context
}

/** Marks the document: if the page reloaded, the marker is gone. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { liveMarker: string }).liveMarker = 'still here'
  })
}

async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe(
    'still here',
  )
}

test('a teammate sees a new canvas and new activity on the dashboard without reloading (390 px)', async ({
  page,
  browser,
}) => {
  const mateContext = await teamWithMateOnPhone(page, browser)
  const mate = await mateContext.newPage()
  const pageErrors: string[] = []
  mate.on('pageerror', (error) => pageErrors.push(error.message))
  const own = await createCanvas(mateContext.request, 'Tess brochure')
  const dashboard = new DashboardPage(mate)
  await dashboard.goto()
  const count = mate.getByTestId('dashboard-heading').locator('xpath=following-sibling::p[1]')
  await expect(count).toHaveText('1 canvas')
  await expect(dashboard.card('Tess brochure')).toBeVisible()
  await markDocument(mate)

  await test.step('the owner creates a canvas: a new card and count on the teammate’s phone', async () => {
    await createCanvas(page.request, 'Olga launch page')
    await expect(dashboard.card('Olga launch page')).toBeVisible()
    await expect(count).toHaveText('2 canvases')
    await expectNotReloaded(mate)
  })

  await test.step('the owner comments on the teammate’s canvas: New activity shows it', async () => {
    await mate.getByRole('button', { name: /^Filter:/ }).tap()
    await mate.getByRole('menuitemradio', { name: 'New activity' }).tap()
    await expect(mate.getByRole('button', { name: /^Filter: New activity/ })).toBeVisible()
    await expect(count).toHaveText('0 canvases')
    await expect(dashboard.card('Tess brochure')).toHaveCount(0)
    const res = await page.request.post('/api/v1/annotations', {
      data: { CanvasId: own.id, comment: 'Can the logo be larger?' },
    })
    expect(res.status(), await res.text()).toBe(200)
    await expect(dashboard.card('Tess brochure')).toBeVisible()
    await expect(count).toHaveText('1 canvas')
    await expect(dashboard.card('Olga launch page')).toHaveCount(0)
    await expectNotReloaded(mate)
  })

  await test.step('the commented card says New activity in words, until the teammate has read it', async () => {
    const badge = dashboard.card('Tess brochure').getByTestId('card-new-activity')
    await expect(badge).toHaveText('New activity · 1 unread notification')
    await mate.getByRole('button', { name: /^Filter:/ }).tap()
    await mate.getByRole('menuitemradio', { name: 'All canvases' }).tap()
    await expect(count).toHaveText('2 canvases')
    await expect(badge).toBeVisible()
    await expect(dashboard.card('Olga launch page').getByTestId('card-new-activity')).toHaveCount(0)
    // A second comment raises the count live.
    const res = await page.request.post('/api/v1/annotations', {
      data: { CanvasId: own.id, comment: 'And the footer?' },
    })
    expect(res.status(), await res.text()).toBe(200)
    await expect(badge).toHaveText('New activity · 2 unread notifications')
    await expectNoSeriousAxe(mate, 'live dashboard, a card with New activity (phone)')
    // Seen: the notifications are read (the bell's panel), and the badge goes without a reload.
    await mate.getByRole('button', { name: /^Notifications, 2 unread/ }).tap()
    await mate.getByRole('button', { name: 'Mark all as read' }).tap()
    await expect(badge).toHaveCount(0)
    await expect(dashboard.card('Tess brochure')).toBeVisible()
    await mate.keyboard.press('Escape')
    await expectNotReloaded(mate)
  })

  await test.step('the owner’s project changes reach the teammate’s project picker (decision 060)', async () => {
    const picker = mate.getByRole('combobox', { name: 'Project' })
    const created = await page.request.post('/api/v1/folders', { data: { name: 'Olga campaign' } })
    expect(created.status(), await created.text()).toBe(200)
    const project = ((await created.json()) as { folder: { id: string } }).folder
    await expect(picker.locator('option', { hasText: 'Olga campaign (0)' })).toHaveCount(1)
    const renamed = await page.request.put(`/api/v1/folders/${project.id}`, {
      data: { name: 'Olga spring campaign' },
    })
    expect(renamed.status(), await renamed.text()).toBe(200)
    await expect(picker.locator('option', { hasText: 'Olga spring campaign (0)' })).toHaveCount(1)
    await expect(picker.locator('option', { hasText: 'Olga campaign (0)' })).toHaveCount(0)
    // Made only-me: the teammate may no longer list it, and their picker drops it.
    const hidden = await page.request.put(`/api/v1/folders/${project.id}`, {
      data: { visibility: 'only-me' },
    })
    expect(hidden.status(), await hidden.text()).toBe(200)
    await expect(picker.locator('option', { hasText: 'Olga spring campaign' })).toHaveCount(0)
    const shown = await page.request.put(`/api/v1/folders/${project.id}`, {
      data: { visibility: 'only-team' },
    })
    expect(shown.status(), await shown.text()).toBe(200)
    await expect(picker.locator('option', { hasText: 'Olga spring campaign' })).toHaveCount(1)
    const deleted = await page.request.delete(`/api/v1/folders/${project.id}`)
    expect(deleted.status(), await deleted.text()).toBe(200)
    await expect(picker.locator('option', { hasText: 'Olga spring campaign' })).toHaveCount(0)
    await expectNotReloaded(mate)
  })

  await test.step('the live dashboard is accessible and fits the phone', async () => {
    await expectNoSidewaysScroll(mate)
    await expectNoSeriousAxe(mate, 'live dashboard (phone)')
  })
  expect(pageErrors).toEqual([])
  await mateContext.close()
})
