/**
 * Guided tours and analytics (issue 12 items 5 and 6), on a server of this journey's own with tours
 * starting by themselves and analytics sent to a local HTTP sink (a real server in this process).
 *
 * - The dashboard tour runs once for a new member, by keyboard, axe-clean on desktop and phone; it does not
 *   come back (not after a reload, not in another browser), and the help menu restarts it.
 * - A guest opening a feedback link gets the commenting tour after the "Who is reviewing?" prompt, once;
 *   a member opening a canvas gets the canvas tour, once (remembered by the server).
 * - Analytics: sign-up (with the first visit's referrer host), canvas created, comment created and a
 *   refused canvas creation (with its message) reach the sink, and nothing it received carries the
 *   comment's text or an e-mail address.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { type AnalyticsSink, startAnalyticsSink } from '../server/src/testing/analytics-sink'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { type OwnServer, startOwnServer } from './own-server'
import { ReviewPage } from './pages/review-page'
import { createCanvas, logIn, uploadAsset } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const SINK_PORT = PORT + 50
const OWN_PORT = PORT + 51

let sink: AnalyticsSink
let server: OwnServer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  sink = await startAnalyticsSink(SINK_PORT)
  server = await startOwnServer(OWN_PORT, { ANALYTICS_URL: sink.url })
})
test.afterAll(async () => {
  await server?.stop()
  await sink?.close()
})
test.use({ baseURL: `http://localhost:${OWN_PORT}` })

async function signUp(page: Page, name: string, email = uniqueEmail(name.toLowerCase())) {
  const response = await page.request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email, name, password: PASSWORD, teamName: `${name}'s studio`, plan: 'enterprise35peruser' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { email, id: ((await response.json()) as { user: { id: string } }).user.id }
}

const tourDialog = (page: Page) => page.locator('.driver-popover[role=dialog]')

/** Walks a tour to its end by keyboard only: Enter on the focused Next, then Done. */
async function finishByKeyboard(page: Page, firstTitle: string) {
  const dialog = tourDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('banner')).toHaveText(firstTitle)
  for (let step = 0; step < 10; step += 1) {
    const next = dialog.locator('.driver-popover-next-btn')
    await expect(next).toBeFocused()
    const last = (await next.textContent())?.trim() === 'Done'
    await page.keyboard.press('Enter')
    if (last) break
  }
  await expect(dialog).toBeHidden()
}

test('the dashboard tour runs once, by keyboard, and the help menu restarts it', async ({
  page,
  browser,
}) => {
  const { email } = await signUp(page, 'Tess')
  await page.goto('/dashboard')
  const dialog = tourDialog(page)

  await test.step('it starts on the first visit, named and described, axe-clean', async () => {
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-labelledby', 'driver-popover-title')
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Skip tour' })).toBeVisible()
    await expectNoSeriousAxe(page, 'dashboard tour')
    await shot(page, 'tour-dashboard-step1')
  })

  await test.step('keyboard: Next, Back with the arrow keys, then Enter to the end', async () => {
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByRole('banner')).toHaveText('Projects')
    // driver.js ignores keys while a step is still settling: press again until it took (Back from the
    // first step does nothing, so a repeat cannot overshoot).
    await expect(async () => {
      await page.keyboard.press('ArrowLeft')
      await expect(dialog.getByRole('banner')).toHaveText('Add something to review', { timeout: 1000 })
    }).toPass()
    await finishByKeyboard(page, 'Add something to review')
  })

  await test.step('the server remembers: not after a reload, not in another browser', async () => {
    await expect
      .poll(async () => (await (await page.request.get('/api/v1/users/me/tours')).json()).tours.dashboard)
      .toBeTruthy()
    await page.reload()
    await expect(page.getByTestId('dashboard-heading')).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(dialog).toHaveCount(0)
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await logIn(other.request, email, PASSWORD)
    await otherPage.goto('/dashboard')
    await expect(otherPage.getByTestId('dashboard-heading')).toBeVisible()
    await otherPage.waitForLoadState('networkidle')
    await expect(tourDialog(otherPage)).toHaveCount(0)
    await other.close()
  })

  await test.step('Help > Restart tour runs it again; Escape skips it', async () => {
    await page.getByRole('button', { name: 'Help' }).click()
    await page.getByRole('menuitem', { name: 'Restart tour' }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('banner')).toHaveText('Add something to review')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
})

test('the dashboard tour on a phone: steps that fit the screen, axe-clean, skipped by a tap', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  await signUp(page, 'Pia')
  await page.goto('/dashboard')
  const dialog = tourDialog(page)
  await expect(dialog).toBeVisible()
  // The projects sidebar is not shown on a phone: its step is left out.
  await expect(dialog.getByText('Step 1 of 4')).toBeVisible()
  await expectNoSeriousAxe(page, 'dashboard tour on a phone')
  await expectNoSidewaysScroll(page)
  await shot(page, 'tour-dashboard-phone')
  await dialog.getByRole('button', { name: 'Skip tour' }).tap()
  await expect(dialog).toBeHidden()
  await expect
    .poll(async () => (await (await page.request.get('/api/v1/users/me/tours')).json()).tours.dashboard)
    .toBeTruthy()
  await context.close()
})

async function designCanvas(browser: Browser) {
  const owner = await browser.newContext()
  const ownerPage = await owner.newPage()
  await signUp(ownerPage, 'Olga')
  const canvas = await createCanvas(owner.request, { type: 'design', title: 'Brochure' })
  const buffer = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pdfs', 'pdflatex-4-pages.pdf'))
  await uploadAsset(owner.request, canvas.id, { name: 'brochure.pdf', mimeType: 'application/pdf', buffer })
  return { owner, canvas }
}

test('a guest gets the commenting tour after the prompt, once', async ({ browser }) => {
  const { owner, canvas } = await designCanvas(browser)
  const guest = await browser.newContext()
  const review = new ReviewPage(await guest.newPage())
  await review.open(canvas.subdomain)
  const gate = review.page.getByRole('dialog', { name: 'Who is reviewing?' })
  await expect(gate).toBeVisible()
  await expect(tourDialog(review.page)).toHaveCount(0)
  await gate.getByLabel('Your name').fill('Gus Guest')
  await gate.getByLabel('Your e-mail').fill(uniqueEmail('gus'))
  await gate.getByRole('button', { name: 'Start reviewing' }).click()
  await expect(gate).toBeHidden()

  const dialog = tourDialog(review.page)
  await expect(dialog.getByRole('banner')).toHaveText('Comment or browse')
  await expectNoSeriousAxe(review.page, 'guest canvas tour')
  await shot(review.page, 'tour-guest-canvas')
  await finishByKeyboard(review.page, 'Comment or browse')

  // Remembered by this browser: a reload does not bring it back; the help menu does.
  await review.page.reload()
  await expect(review.page.getByTestId('viewer-box')).toBeVisible()
  await review.page.waitForLoadState('networkidle')
  await expect(dialog).toHaveCount(0)
  await review.page.getByRole('button', { name: 'Help' }).click()
  await expect(review.page.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeVisible()
  await review.page.getByRole('menuitem', { name: 'Restart tour' }).click()
  await expect(dialog.getByRole('banner')).toHaveText('Comment or browse')
  await dialog.getByRole('button', { name: 'Skip tour' }).click()
  await expect(dialog).toBeHidden()
  await guest.close()
  await owner.close()
})

test('a member opening a canvas gets the canvas tour once; the server remembers it', async ({ browser }) => {
  const { owner, canvas } = await designCanvas(browser)
  const page = await owner.newPage()
  await page.goto(`/link/${canvas.subdomain}/`)
  const dialog = tourDialog(page)
  await expect(dialog.getByRole('banner')).toHaveText('Comment or browse')
  // Members also get the view controls: five steps on a desktop (the phone's comments button is hidden).
  await expect(dialog.getByText('Step 1 of 5')).toBeVisible()
  await expectNoSeriousAxe(page, 'canvas tour')
  await finishByKeyboard(page, 'Comment or browse')
  await expect
    .poll(async () => Object.keys((await (await page.request.get('/api/v1/users/me/tours')).json()).tours))
    .toEqual(['canvas'])
  await page.reload()
  await expect(page.getByTestId('viewer-box')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(dialog).toHaveCount(0)
  await owner.close()
})

test('analytics events reach the local sink, with no comment text or e-mail address', async ({ page }) => {
  const secret = 'Confidential: the price drops to 9 euros on Monday'
  // The first visit, from a search engine, is recorded by the browser and read at sign-up.
  await page.goto('/login?utm_source=e2e', { referer: 'https://search.example/results?q=pinpoint' })
  const { email, id } = await signUp(page, 'Ana')
  const canvas = await createCanvas(page.request, { type: 'design', title: 'Price page' })
  const comment = await page.request.post('/api/v1/annotations', {
    data: { CanvasId: canvas.id, comment: `${secret} (cc ${email})`, x: 0.4, y: 0.4 },
  })
  expect(comment.status(), await comment.text()).toBe(200)

  // A refused canvas creation in the dashboard is reported with its message, then shown as before.
  // (Ana has seen the dashboard tour: this is about the dialog.)
  expect((await page.request.put('/api/v1/users/me/tours/dashboard')).status()).toBe(200)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'New canvas' }).first().click()
  const newCanvas = page.getByRole('dialog', { name: 'New canvas' })
  await newCanvas.getByLabel('Website address').fill('https://ana:hunter2@example.com/')
  await newCanvas.getByRole('button', { name: /^Create/ }).click()
  await expect(newCanvas.getByText(/Remove the user name and password/)).toBeVisible()

  const mine = () => sink.events().filter((event) => event.userId === id)
  await expect
    .poll(() =>
      mine()
        .map((event) => event.event)
        .sort(),
    )
    .toEqual(['canvas_created', 'canvas_creation_failed', 'comment_created', 'signed_up'])
  const byName = Object.fromEntries(mine().map((event) => [event.event, event]))
  expect(byName.signed_up?.properties).toMatchObject({
    planId: 'enterprise35peruser',
    hasTeam: true,
    referrerHost: 'search.example',
    landingPath: '/login',
  })
  expect(byName.canvas_created?.properties).toMatchObject({ canvasId: canvas.id, canvasType: 'design' })
  expect(byName.comment_created?.properties).toMatchObject({ canvasId: canvas.id, isReply: false })
  expect(byName.canvas_creation_failed?.source).toBe('client')
  expect(byName.canvas_creation_failed?.properties).toMatchObject({
    canvasType: 'website',
    status: 422,
    message: expect.stringContaining('Remove the user name and password'),
  })
  const everything = sink.rawBodies().join('\n')
  expect(everything).not.toContain('Confidential')
  expect(everything).not.toContain('hunter2')
  expect(everything).not.toContain(email)
  expect(everything).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
})
