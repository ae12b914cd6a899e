/**
 * The review screen by keyboard alone (issue 19 items 6–9 and the keyboard acceptance): on every canvas
 * type, Tab reaches the canvas after the skip link, a placement cursor appears, the arrows move it and
 * Enter opens the comment box there (it used to land in the centre of the view, and a website took a Tab
 * for every link of its page); Ctrl+Enter sends. On a PDF the rest of the work too: reply, change the
 * status, filter, the shortcuts dialog, each with the focus visible and returned when it closes.
 */
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectTapTargets } from './a11y'
import { CANVAS_KINDS } from './canvas-kinds'
import { expectFocusVisible, tabTo } from './keyboard'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, logIn, startCorpusServer } from './review-fixtures'
import { fixtures, shot } from './support'

let corpus: CorpusServer
test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

/** The cursor's spot in percent of the area it moves over, read from its style. */
async function percentOf(locator: Locator): Promise<{ x: number; y: number }> {
  return locator.evaluate((element) => {
    const style = (element as HTMLElement).style
    return { x: Number.parseFloat(style.left), y: Number.parseFloat(style.top) }
  })
}

/**
 * Skip link, then Tab onto the canvas (a PDF's page thumbnails come first): the placement cursor shows on
 * the stop that takes its keys.
 */
async function reachCanvas(page: Page, stop: Locator) {
  await page.locator('body').focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to the canvas' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main', { name: 'Canvas' })).toBeFocused()
  await tabTo(page, stop, { max: 8 })
  await expectFocusVisible(stop)
  await expect(page.getByTestId('placement-cursor')).toBeVisible()
}

const STOPS: Record<string, (page: Page) => Locator> = {
  website: (page) => page.getByTestId('frame-keyboard'),
  email: (page) => page.getByTestId('frame-keyboard'),
  image: (page) => page.getByTestId('viewer-surface'),
  pdf: (page) => page.getByTestId('viewer-surface'),
  video: (page) => page.getByTestId('video-frame'),
}

for (const kind of CANVAS_KINDS) {
  test(`${kind.name} by keyboard: the placement cursor places a comment where the arrows put it`, async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const { betaOwner } = fixtures()
    await logIn(context.request, betaOwner.email, betaOwner.password)
    const canvas = await kind.prepare(context, corpus.origin)
    const review = new ReviewPage(await context.newPage())
    const { page } = review
    await review.open(canvas.subdomain)
    await kind.ready(review)

    const stop = STOPS[kind.name]?.(page)
    if (!stop) throw new Error(`no keyboard stop for ${kind.name}`)
    await reachCanvas(page, stop)
    const cursor = page.getByTestId('placement-cursor')
    const start = await percentOf(cursor)
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Shift+ArrowUp')
    const moved = await percentOf(cursor)
    // Five small steps right (2 % each), one big step up (10 %), clamped at the edges.
    expect(moved.x).toBeCloseTo(Math.min(100, start.x + 10), 0)
    expect(moved.y).toBeCloseTo(Math.max(0, start.y - 10), 0)
    await expect(page.getByTestId('placement-cursor-position')).toContainText('% across')
    await shot(page, `keyboard-${kind.name}-cursor`)

    await page.keyboard.press('Enter')
    const box = review.composer.getByRole('combobox', { name: 'Comment' })
    await expect(box).toBeFocused()
    await page.keyboard.type(`Placed by keyboard on the ${kind.name}`)
    // Enter adds a line; Ctrl+Enter sends (and the box says so).
    await page.keyboard.press('Enter')
    await page.keyboard.type('second line')
    await expect(review.composer).toContainText('Ctrl+Enter')
    await page.keyboard.press('Control+Enter')
    await expect(review.composer).toBeHidden()
    await expect(review.thread).toContainText(`Placed by keyboard on the ${kind.name}`)
    await expect(review.thread).toContainText('second line')

    const name = new RegExp(`^Comment 1 by Grace Hopper: Placed by keyboard on the ${kind.name}`)
    if (kind.name === 'website' || kind.name === 'email') {
      // Outlined and commented on: the element under the cursor, not the page's first link.
      await expect(review.frame.getByRole('button', { name })).toBeAttached()
    } else {
      // The pin sits where the cursor was, not in the centre of the view.
      const pin = page.locator('[data-pin-id]').first()
      await expect(pin).toHaveAccessibleName(name)
      const at = await percentOf(pin)
      expect(at.x).toBeCloseTo(moved.x, 0)
      expect(at.y).toBeCloseTo(moved.y, 0)
    }
    await shot(page, `keyboard-${kind.name}-placed`)
    await context.close()
  })
}

test('PDF by keyboard: reply, change the status, filter, the shortcuts dialog, focus returned', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  const pdf = CANVAS_KINDS.find((kind) => kind.name === 'pdf')
  if (!pdf) throw new Error('no pdf kind')
  const canvas = await pdf.prepare(context, corpus.origin)
  const review = new ReviewPage(await context.newPage())
  const { page } = review
  await review.open(canvas.subdomain)
  await pdf.ready(review)
  await reachCanvas(page, page.getByTestId('viewer-surface'))
  await page.keyboard.press('Enter')
  await page.keyboard.type('Tighten the heading')
  await page.keyboard.press('Control+Enter')
  await expect(review.thread).toContainText('Tighten the heading')

  await test.step('reply with Ctrl+Enter', async () => {
    const reply = review.thread.getByRole('combobox', { name: 'Reply' })
    await tabTo(page, reply)
    await expectFocusVisible(reply)
    await page.keyboard.type('Done in v2')
    await page.keyboard.press('Control+Enter')
    await expect(review.thread.locator('[data-reply-id]', { hasText: 'Done in v2' })).toBeVisible()
  })

  await test.step('change the status with the arrows', async () => {
    const status = review.thread.getByTestId('status-select')
    await tabTo(page, status, { back: true })
    await expectFocusVisible(status)
    const before = await status.inputValue()
    await page.keyboard.press('ArrowDown')
    await expect(status).not.toHaveValue(before)
  })

  await test.step('Escape closes the thread and gives the focus to its card in the list', async () => {
    await review.thread.getByRole('combobox', { name: 'Reply' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(review.thread).toBeHidden()
    await expectFocusVisible(review.commentInList('Tighten the heading'))
  })

  await test.step('filter: the trigger keeps its focus, the popover closes back onto it', async () => {
    const filter = review.sidebar.getByRole('button', { name: /^Filter and sort/ })
    await tabTo(page, filter)
    await page.waitForTimeout(300)
    await expectFocusVisible(filter)
    await page.keyboard.press('Enter')
    const popover = page.getByRole('dialog', { name: 'Filter and sort' })
    await expect(popover).toBeVisible()
    await expectNoSeriousAxe(page, 'filter popover')
    await expectTapTargets(popover, 'filter popover')
    const resolved = popover.getByRole('checkbox', { name: 'Resolved' })
    await tabTo(page, resolved)
    await expectFocusVisible(resolved)
    const was = await resolved.isChecked()
    await page.keyboard.press('Space')
    await expect(resolved).toBeChecked({ checked: !was })
    await page.keyboard.press('Escape')
    await expect(popover).toBeHidden()
    await expectFocusVisible(review.sidebar.getByRole('button', { name: /^Filter and sort, 1 filters on/ }))
  })

  await test.step('the shortcuts dialog opens with ? and gives the focus back', async () => {
    const filter = review.sidebar.getByRole('button', { name: /^Filter and sort/ })
    await page.keyboard.press('Shift+?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(help).toBeVisible()
    await expectNoSeriousAxe(page, 'shortcuts dialog')
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()
    await expectFocusVisible(filter)
    // From the Help menu by keyboard: the focus comes back to the menu's button.
    const button = page.getByRole('button', { name: 'Help' })
    await tabTo(page, button, { back: true })
    await page.keyboard.press('Enter')
    const entry = page.getByRole('menuitem', { name: 'Keyboard shortcuts' })
    await expect(entry).toBeVisible()
    await expect(entry).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(help).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()
    await expectFocusVisible(button)
  })

  await test.step('Share from the review screen (item 11): the dialog shows the link and gives the focus back', async () => {
    const share = page.getByRole('button', { name: 'Share', exact: true })
    await tabTo(page, share, { back: true })
    await expectFocusVisible(share)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Share “Brochure”' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('share-link')).toHaveText(new RegExp(`/link/${canvas.subdomain}/$`))
    await expectNoSeriousAxe(page, 'share dialog (review)')
    await expectTapTargets(dialog, 'share dialog (review)')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expectFocusVisible(share)
    // The invite by e-mail, typed and sent with Enter: each address once, the dialog closes with a toast.
    await page.keyboard.press('Enter')
    await dialog.getByLabel('Invite by e-mail').focus()
    await page.keyboard.type('client@example.com, client@example.com; boss@example.com')
    await page.keyboard.press('Enter')
    await expect(page.getByText('Invite(s) sent to client@example.com, boss@example.com')).toBeVisible()
    await expect(dialog).toBeHidden()
  })
  await context.close()
})
