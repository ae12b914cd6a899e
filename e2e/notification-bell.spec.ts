/**
 * The notifications bell in the shell's header, for a member whose teammate commented on their canvas:
 * - its unread count badge shows, and passes axe (the badge's colour once failed contrast, which only an
 *   audit made while there are unread notifications can see, and only with a count of two digits: axe
 *   leaves one-character text unjudged, "too short to determine if it is actual text content");
 * - the very first press on a freshly loaded page opens the panel even when the popover code (loaded on
 *   demand, packages/ui deferred.tsx) lands in the middle of that press: pointer down on the light trigger,
 *   the code arrives, pointer up. Swapping in the Radix trigger then would remount the button under the
 *   pointer, and the browser sends no click (a lost click). By mouse on a desktop, by touch on a phone.
 *   Chromium sends a tap's mouse events and click only when the finger lifts, to whatever is under it then,
 *   so a tap survives a swap in its middle; the phone case holds the other side: waiting for the press to
 *   end before swapping must see a touch's end too, or the panel would wait for a swap that never comes.
 */
import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { createCanvas, logIn } from './review-fixtures'
import { joinTeamByInvite, PASSWORD, signUpByApi, uniqueEmail } from './support'

const DESKTOP = { viewport: { width: 1280, height: 800 } }
// Two digits, so that axe measures the badge's contrast (see above).
const UNREAD = 12
let memberEmail = ''

test.beforeAll(async ({ browser }) => {
  const member = await browser.newContext()
  const mate = await browser.newContext()
  memberEmail = uniqueEmail('bell-member')
  const { user } = await signUpByApi(member.request, {
    email: memberEmail,
    name: 'Bea Bell',
    teamName: 'Bell studio',
  })
  await joinTeamByInvite(member.request, user.TeamId ?? '', mate.request, {
    email: uniqueEmail('bell-mate'),
    name: 'Max Mate',
  })
  const canvas = await createCanvas(member.request, { type: 'design', title: 'Bell poster' })
  for (let i = 1; i <= UNREAD; i += 1) {
    const res = await mate.request.post('/api/v1/annotations', {
      data: { CanvasId: canvas.id, comment: `Point ${i}: can this be larger?` },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  await member.close()
  await mate.close()
})

/** The member, signed in, on a freshly loaded dashboard in a browser of their own. */
async function freshDashboard(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options)
  await logIn(context.request, memberEmail, PASSWORD)
  const page = await context.newPage()
  return { context, page }
}

/**
 * Holds every script that carries the Radix popover until `release()`: the code the bell's popover waits
 * for (the dashboard's idle preload asks for it too) cannot land before the press has begun. `landed()`
 * resolves once the held scripts have run.
 */
async function holdPopoverCode(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { ranScripts: string[] }
    w.ranScripts = []
    // A script's load event comes after it has run; it does not bubble, so it is caught on the way down.
    document.addEventListener(
      'load',
      (event) => {
        if (event.target instanceof HTMLScriptElement) w.ranScripts.push(event.target.src)
      },
      true,
    )
  })
  const held: string[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('PopoverTrigger')) {
      held.push(route.request().url())
      await released
    }
    await route.fulfill({ response, body })
  })
  const landed = async () => {
    expect(held.length, 'the popover code was asked for').toBeGreaterThan(0)
    await page.waitForFunction(
      (urls) => urls.every((url) => (window as unknown as { ranScripts: string[] }).ranScripts.includes(url)),
      held,
    )
    // The module's promise, then React's render of the swap: a few tasks after the script ran, well
    // inside this pause. The press is still down, so a trigger that swaps now swaps under it.
    await page.waitForTimeout(150)
  }
  return { held, release, landed }
}

/** The bell with its unread count, on a page whose popover code has not been asked for yet. */
async function bellBeforeTheCode(page: Page) {
  const code = await holdPopoverCode(page)
  await new DashboardPage(page).goto()
  const bell = page.getByRole('button', { name: `Notifications, ${UNREAD} unread` })
  await expect(bell.getByText(String(UNREAD), { exact: true })).toBeVisible()
  const box = await bell.boundingBox()
  if (!box) throw new Error('the bell has no box')
  return { code, bell, x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

test('desktop: the unread count passes axe; the first click opens the panel while its code lands', async ({
  browser,
}) => {
  const { context, page } = await freshDashboard(browser, DESKTOP)
  const { code, x, y } = await bellBeforeTheCode(page)
  await expectNoSeriousAxe(page, `dashboard with the bell showing ${UNREAD} unread`)

  await page.mouse.move(x, y)
  await page.mouse.down()
  code.release()
  await code.landed()
  await page.mouse.up()
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
  await context.close()
})

test('phone: the unread count passes axe; the first tap opens the panel while its code lands', async ({
  browser,
}) => {
  const { context, page } = await freshDashboard(browser, PHONE)
  const { code, x, y } = await bellBeforeTheCode(page)
  await expectNoSeriousAxe(page, `phone dashboard with the bell showing ${UNREAD} unread`)

  // The touch's start and end as two events (Playwright's tap sends both at once), the same ones tap sends.
  // The whole press stays well under the long-press time, so it is a tap.
  const touch = await context.newCDPSession(page)
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  code.release()
  await code.landed()
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
  await context.close()
})
