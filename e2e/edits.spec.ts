/**
 * Editing and deleting comments and replies (issue 17 item 5): the author edits a comment and a reply in
 * place by keyboard, "edited" shows, and a second window sees both edits live over the real-time channel;
 * deleting offers Undo (nothing leaves the server until the toast has gone), and a deletion whose Undo time
 * is cut short by leaving the page is still sent. Axe at desktop and 390 px.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { ReviewPage } from './pages/review-page'
import { createCanvas, logIn, uploadAsset } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

/** How long a toast stays (SPEC 9 TOAST_TIMEOUT_MS). */
const TOAST_TIMEOUT_MS = 5000

const CORPUS = join(import.meta.dirname, '..', 'fixtures')

async function author(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options })
  const email = uniqueEmail('edith')
  const response = await context.request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email, name: 'Edith Editor', password: PASSWORD, teamName: 'Edits', plan: 'enterprise35peruser' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { context, email, review: new ReviewPage(await context.newPage()) }
}

async function pdfCanvas(request: APIRequestContext) {
  const canvas = await createCanvas(request, { type: 'design', title: 'Leaflet' })
  const buffer = readFileSync(join(CORPUS, 'pdfs', 'pdflatex-4-pages.pdf'))
  await uploadAsset(request, canvas.id, { name: 'leaflet.pdf', mimeType: 'application/pdf', buffer })
  return canvas
}

async function commentTexts(request: APIRequestContext, canvasId: string) {
  const response = await request.get(`/api/v1/canvases/${canvasId}/annotations`)
  const { annotations } = (await response.json()) as {
    annotations: { comment: string; AnnotationReplies?: { comment: string }[] }[]
  }
  return annotations.flatMap((a) => [a.comment, ...(a.AnnotationReplies ?? []).map((r) => r.comment)])
}

test.describe('edits', () => {
  test.setTimeout(90_000)

  test('edit a comment and a reply by keyboard; "edited" shows, here and live elsewhere', async ({
    browser,
  }) => {
    const { context, email, review } = await author(browser)
    const canvas = await pdfCanvas(context.request)
    // A second window of the same account, watching: it gets the edits over the socket, no reload.
    const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    await logIn(watcherContext.request, email, PASSWORD)
    const watcher = new ReviewPage(await watcherContext.newPage())

    await review.open(canvas.subdomain)
    await review.placeOnSurface(0.4, 0.4)
    await review.writeComment('Teh headline is too small')
    await review.reply('Agreed, make it 32 px')
    await watcher.open(canvas.subdomain)
    await watcher.commentInList('Teh headline is too small').click()
    await expect(
      watcher.thread.locator('[data-reply-id]', { hasText: 'Agreed, make it 32 px' }),
    ).toBeVisible()

    // The comment: More actions → Edit comment, all by keyboard; Ctrl+Enter saves.
    await review.thread.getByRole('button', { name: 'More actions' }).focus()
    await review.page.keyboard.press('Enter')
    await review.page.getByRole('menuitem', { name: 'Edit comment' }).focus()
    await review.page.keyboard.press('Enter')
    const field = review.thread.getByRole('combobox', { name: 'Edit comment' })
    await expect(field).toBeFocused()
    await expect(field).toHaveValue('Teh headline is too small')
    await expectNoSeriousAxe(review.page, 'comment editor')
    await field.fill('The headline is too small')
    await review.page.keyboard.press('Control+Enter')
    await expect(field).toBeHidden()
    await expect(review.thread.getByRole('button', { name: 'More actions' })).toBeFocused()
    await expect(review.thread.getByText('The headline is too small')).toBeVisible()
    await expect(review.thread.getByTestId('edited-mark').first()).toHaveText(/\(edited/)
    await expect(watcher.thread.getByText('The headline is too small')).toBeVisible()
    await expect(watcher.thread.getByTestId('edited-mark').first()).toBeVisible()

    // The reply: Escape leaves the text as it was; a second try is saved with the Save button.
    const replyRow = review.thread.locator('[data-reply-id]', { hasText: 'Agreed' })
    await replyRow.getByRole('button', { name: 'Edit reply' }).click()
    const replyField = review.thread.getByRole('combobox', { name: 'Edit reply' })
    await expect(replyField).toBeFocused()
    await replyField.fill('Something else entirely')
    await review.page.keyboard.press('Escape')
    await expect(replyField).toBeHidden()
    await expect(replyRow).toContainText('Agreed, make it 32 px')
    await expect(replyRow.getByRole('button', { name: 'Edit reply' })).toBeFocused()
    await review.page.keyboard.press('Enter')
    await replyField.fill('Agreed, make it 36 px')
    await review.thread.getByRole('button', { name: 'Save' }).click()
    await expect(replyRow).toContainText('Agreed, make it 36 px')
    await expect(replyRow.getByTestId('edited-mark')).toBeVisible()
    await expect(
      watcher.thread.locator('[data-reply-id]', { hasText: 'Agreed, make it 36 px' }),
    ).toBeVisible()
    await expect(
      watcher.thread
        .locator('[data-reply-id]', { hasText: 'Agreed, make it 36 px' })
        .getByTestId('edited-mark'),
    ).toBeVisible()
    await shot(review.page, 'edits-thread')
    await review.page.reload()
    await expect(review.thread.getByTestId('edited-mark')).toHaveCount(2)
    expect(await commentTexts(context.request, canvas.id)).toEqual([
      'The headline is too small',
      'Agreed, make it 36 px',
    ])
    await expectNoSeriousAxe(review.page, 'thread with edited comment and reply')
    await context.close()
    await watcherContext.close()
  })

  test('delete with Undo: undone comes back, otherwise gone once the toast has left', async ({ browser }) => {
    const { context, review } = await author(browser)
    const canvas = await pdfCanvas(context.request)
    await review.open(canvas.subdomain)
    await review.placeOnSurface(0.3, 0.3)
    await review.writeComment('Keep me')
    await review.reply('A reply to keep')

    // A reply: deleted, then Undo from the toast; the server never lost it.
    await review.thread.locator('[data-reply-id]').getByRole('button', { name: 'Delete reply' }).click()
    await expect(review.thread.locator('[data-reply-id]')).toHaveCount(0)
    // Reaching Undo by keyboard holds the toast (WCAG 2.2.1), so the scan cannot outlast it.
    const undo = review.page.getByRole('button', { name: 'Undo' })
    await undo.focus()
    await expectNoSeriousAxe(review.page, 'undo toast')
    await undo.click()
    await expect(review.thread.locator('[data-reply-id]', { hasText: 'A reply to keep' })).toBeVisible()

    // The comment: deleted, Undo, back in the list; then deleted for good.
    await review.thread.getByRole('button', { name: 'More actions' }).click()
    await review.page.getByRole('menuitem', { name: 'Delete comment' }).click()
    await expect(review.commentInList('Keep me')).toHaveCount(0)
    await review.page.getByRole('button', { name: 'Undo' }).click()
    await expect(review.commentInList('Keep me')).toBeVisible()
    await expect.poll(() => commentTexts(context.request, canvas.id)).toEqual(['Keep me', 'A reply to keep'])

    await review.commentInList('Keep me').click()
    await review.thread.getByRole('button', { name: 'More actions' }).click()
    await review.page.getByRole('menuitem', { name: 'Delete comment' }).click()
    // The toast on screen, not the previous one still fading out (hidden from assistive technology).
    const toast = review.page.getByRole('status').filter({ hasText: 'Comment deleted' })
    await expect(toast).toBeVisible()
    // Pointed at, the toast stays past its time, and the comment with it (still on the server).
    await toast.hover()
    await review.page.waitForTimeout(TOAST_TIMEOUT_MS + 1000)
    await expect(toast).toBeVisible()
    expect(await commentTexts(context.request, canvas.id)).toEqual(['Keep me', 'A reply to keep'])
    // Left alone, it goes after its whole time again, and the deletion is sent then.
    await review.page.mouse.move(5, 5)
    await expect(toast).toBeHidden({ timeout: TOAST_TIMEOUT_MS + 3000 })
    await expect.poll(() => commentTexts(context.request, canvas.id)).toEqual([])
    await review.page.reload()
    await expect(review.commentInList('Keep me')).toHaveCount(0)
    await context.close()
  })

  test('leaving the page during the Undo time still deletes', async ({ browser }) => {
    const { context, review } = await author(browser)
    const canvas = await pdfCanvas(context.request)
    await review.open(canvas.subdomain)
    await review.placeOnSurface(0.5, 0.5)
    await review.writeComment('Going away')
    await review.thread.getByRole('button', { name: 'More actions' }).click()
    await review.page.getByRole('menuitem', { name: 'Delete comment' }).click()
    await expect(review.page.getByRole('button', { name: 'Undo' })).toBeVisible()
    await review.page.goto('about:blank')
    await expect.poll(() => commentTexts(context.request, canvas.id), { timeout: 4000 }).toEqual([])
    await context.close()
  })

  test('at 390 px: editing a reply fits, axe clean', async ({ browser }) => {
    const { context, review } = await author(browser, PHONE)
    const canvas = await pdfCanvas(context.request)
    const created = await context.request.post('/api/v1/annotations', {
      data: { CanvasId: canvas.id, comment: 'From the phone', x: 0.5, y: 0.5 },
    })
    expect(created.status(), await created.text()).toBeLessThan(300)
    const { annotation } = (await created.json()) as { annotation: { id: string } }
    await context.request.post(`/api/v1/annotations/${annotation.id}/replies`, {
      data: { comment: 'Small screen reply' },
    })
    await review.page.goto(`/link/${canvas.subdomain}/comment/${annotation.id}/`)
    // On a phone the comments are a sheet over the canvas, opened from the top bar.
    await review.page.getByRole('button', { name: /^Comments \d+$/ }).tap()
    const row = review.thread.locator('[data-reply-id]', { hasText: 'Small screen reply' })
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: 'Edit reply' }).tap()
    await review.thread.getByRole('combobox', { name: 'Edit reply' }).fill('Small screen reply, edited')
    await review.thread.getByRole('button', { name: 'Save' }).tap()
    await expect(row).toContainText('Small screen reply, edited')
    await expect(row.getByTestId('edited-mark')).toBeVisible()
    // The comment's own menu is reachable beside the sheet's Close button (not covered by it).
    await review.thread.getByRole('button', { name: 'More actions' }).tap()
    await expect(review.page.getByRole('menuitem', { name: 'Edit comment' })).toBeVisible()
    await review.page.keyboard.press('Escape')
    await expectNoSidewaysScroll(review.page)
    await expectNoSeriousAxe(review.page, 'thread at 390 px')
    await shot(review.page, 'edits-390')
    await context.close()
  })
})
