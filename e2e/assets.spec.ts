/**
 * The files of a design revision (issue 17 item 6): the file list opened next to the file switcher
 * reorders by keyboard (a focused handle and the arrow keys, the new place read out) and by dragging,
 * adds and replaces a PDF, and deletes the shown file with its comment, after which another remaining
 * file is shown (SPEC 4). An added file shows its bytes going up and can be cancelled. Axe at desktop and
 * 390 px.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  test,
} from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { ReviewPage } from './pages/review-page'
import { createCanvas, logIn, uploadAsset } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, signUpByApi, uniqueEmail } from './support'

const PDFS = join(import.meta.dirname, '..', 'fixtures', 'pdfs')
const pdf = (name: string, file: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(join(PDFS, file)),
})

const DESKTOP = { viewport: { width: 1280, height: 860 } }

/**
 * A new team's owner in a browser of `contextOptions`, with a design canvas holding `files` (uploaded in
 * this order), opened on the review screen.
 */
async function reviewWithFiles(
  browser: Browser,
  contextOptions: BrowserContextOptions,
  { prefix, name, teamName, title }: { prefix: string; name: string; teamName: string; title: string },
  files: ReturnType<typeof pdf>[],
) {
  const context = await browser.newContext(contextOptions)
  await signUpByApi(context.request, { email: uniqueEmail(prefix), name, teamName })
  const canvas = await createCanvas(context.request, { type: 'design', title })
  for (const file of files) await uploadAsset(context.request, canvas.id, file)
  const review = new ReviewPage(await context.newPage())
  await review.open(canvas.subdomain)
  return { context, canvas, review, page: review.page }
}

async function assetsOf(request: APIRequestContext, subdomain: string) {
  const response = await request.get(`/api/v1/canvases/${subdomain}/subdomain`)
  expect(response.status()).toBe(200)
  const { canvas } = (await response.json()) as {
    canvas: { CanvasAssets: { id: string; name: string; position: number }[] }
  }
  return [...canvas.CanvasAssets].sort((a, b) => a.position - b.position).map((asset) => asset.name)
}

test.describe('assets', () => {
  test.setTimeout(120_000)

  test('reorder by keyboard, add, replace, delete with reselection; axe clean', async ({ browser }) => {
    const { context, canvas, review, page } = await reviewWithFiles(
      browser,
      DESKTOP,
      { prefix: 'fiona', name: 'Fiona Files', teamName: 'Files', title: 'Brochure set' },
      [
        pdf('cover.pdf', 'minimal-document.pdf'),
        pdf('inside.pdf', 'pdflatex-4-pages.pdf'),
        pdf('back.pdf', 'multicolumn.pdf'),
      ],
    )
    await expect(page.getByTestId('viewer-box')).toBeVisible({ timeout: 30_000 })
    // A comment on the first file, which is deleted with it below.
    await review.placeOnSurface(0.4, 0.4)
    await review.writeComment('The cover title is cut off')
    await expect(review.sidebar.getByText('The cover title is cut off')).toBeVisible()

    await page.getByTestId('review-top-bar').getByTestId('files-button').click()
    const dialog = page.getByRole('dialog', { name: 'Files of this revision' })
    await expect(dialog).toBeVisible()
    const rows = dialog.getByTestId('files-row')
    await expect(rows).toHaveCount(3)
    await expect(dialog.getByTestId('files-thumbnail')).toHaveCount(3)
    await expectNoSeriousAxe(page, 'files dialog')
    await shot(page, 'assets-files-dialog')

    // Keyboard: focus the handle of the last file, move it up twice; each move is announced.
    const handle = dialog.getByRole('button', { name: 'Reorder back.pdf, position 3 of 3' })
    await handle.focus()
    await page.keyboard.press('ArrowUp')
    await expect(dialog.getByTestId('files-announcer')).toHaveText('back.pdf moved to position 2 of 3.')
    await expect(dialog.getByRole('button', { name: 'Reorder back.pdf, position 2 of 3' })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(dialog.getByTestId('files-announcer')).toHaveText('back.pdf moved to position 1 of 3.')
    await expect(dialog.getByRole('button', { name: 'Reorder back.pdf, position 1 of 3' })).toBeFocused()
    await expect(rows.first()).toContainText('back.pdf')
    await expect
      .poll(() => assetsOf(context.request, canvas.subdomain))
      .toEqual(['back.pdf', 'cover.pdf', 'inside.pdf'])
    // End moves it to the end again.
    await page.keyboard.press('End')
    await expect(dialog.getByTestId('files-announcer')).toHaveText('back.pdf moved to position 3 of 3.')
    await expect
      .poll(() => assetsOf(context.request, canvas.subdomain))
      .toEqual(['cover.pdf', 'inside.pdf', 'back.pdf'])

    // Add a file (at the end) and replace one (same place, new name).
    await dialog.getByTestId('files-add-input').setInputFiles(pdf('appendix.pdf', 'multicolumn.pdf'))
    await expect(rows).toHaveCount(4)
    await expect(dialog.getByTestId('files-announcer')).toHaveText('appendix.pdf added.')
    await rows
      .filter({ hasText: 'inside.pdf' })
      .getByTestId('files-replace-input')
      .setInputFiles(pdf('inside-v2.pdf', 'pdflatex-image.pdf'))
    await expect(dialog.getByTestId('files-announcer')).toHaveText('inside.pdf replaced by inside-v2.pdf.')
    await expect
      .poll(() => assetsOf(context.request, canvas.subdomain))
      .toEqual(['cover.pdf', 'inside-v2.pdf', 'back.pdf', 'appendix.pdf'])

    // Delete the shown file (the cover, with its comment): the next one is shown, the comment is gone.
    const cover = rows.filter({ hasText: 'cover.pdf' })
    await cover.getByRole('button', { name: 'Delete cover.pdf' }).click()
    await cover.getByTestId('files-confirm-delete').click()
    await expect(dialog.getByTestId('files-announcer')).toHaveText('cover.pdf deleted with 1 comment.')
    await expect(rows).toHaveCount(3)
    await expect(page.getByTestId('asset-select')).toHaveValue(
      (await rows.first().getAttribute('data-asset-id')) ?? 'missing',
    )
    await expect(rows.first()).toContainText('inside-v2.pdf')
    await expect
      .poll(() => assetsOf(context.request, canvas.subdomain))
      .toEqual(['inside-v2.pdf', 'back.pdf', 'appendix.pdf'])
    // Dragging a row onto another puts it in that one's place.
    await rows.filter({ hasText: 'appendix.pdf' }).dragTo(rows.first())
    await expect(dialog.getByTestId('files-announcer')).toHaveText('appendix.pdf moved to position 1 of 3.')
    await expect
      .poll(() => assetsOf(context.request, canvas.subdomain))
      .toEqual(['appendix.pdf', 'inside-v2.pdf', 'back.pdf'])
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    await expect(review.sidebar.getByText('The cover title is cut off')).toHaveCount(0)
    await context.close()
  })

  test('an added file shows its bytes going up, and Cancel stops it', async ({ browser }) => {
    const { context, canvas, page } = await reviewWithFiles(
      browser,
      DESKTOP,
      { prefix: 'uma', name: 'Uma Upload', teamName: 'Uploads', title: 'Annual report' },
      [pdf('summary.pdf', 'minimal-document.pdf')],
    )
    await expect(page.getByTestId('viewer-box')).toBeVisible({ timeout: 30_000 })
    await page.getByTestId('review-top-bar').getByTestId('files-button').click()
    const dialog = page.getByRole('dialog', { name: 'Files of this revision' })
    await expect(dialog.getByTestId('files-row')).toHaveCount(1)

    // A slow uplink (Chromium's own network emulation), so the 80 KB go up over some 20 seconds.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const throttle = (bytesPerSecond: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      })
    await throttle(4 * 1024)
    await dialog.getByTestId('files-add-input').setInputFiles(pdf('figures.pdf', 'google-doc-document.pdf'))
    const bar = dialog.getByRole('progressbar', { name: 'Upload of figures.pdf' })
    await expect(bar).toBeVisible()
    // Part of the file is up and part is not: the bar shows the bytes, not just "busy".
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100)
    await expect(dialog.getByTestId('upload-row').filter({ hasText: 'figures.pdf' })).toContainText(
      /KB of 80.6 KB/,
    )
    await expectNoSeriousAxe(page, 'files dialog, uploading')
    await shot(page, 'assets-upload-progress')
    await dialog.getByRole('button', { name: 'Cancel the upload of figures.pdf' }).click()
    const cancelled = dialog.getByTestId('upload-row').filter({ hasText: 'figures.pdf' })
    await expect(cancelled).toHaveAttribute('data-status', 'cancelled')
    await expect(cancelled).toContainText('Cancelled.')
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await expect.poll(() => assetsOf(context.request, canvas.subdomain)).toEqual(['summary.pdf'])

    // At full speed it goes up and is listed.
    await throttle(-1)
    await dialog.getByTestId('files-add-input').setInputFiles(pdf('figures.pdf', 'google-doc-document.pdf'))
    await expect(dialog.getByTestId('files-announcer')).toHaveText('figures.pdf added.')
    await expect(dialog.getByTestId('upload-row').filter({ hasText: 'figures.pdf' }).last()).toHaveAttribute(
      'data-status',
      'done',
    )
    await expect(dialog.getByTestId('files-row')).toHaveCount(2)
    await expect
      .poll(() => assetsOf(context.request, canvas.subdomain))
      .toEqual(['summary.pdf', 'figures.pdf'])
    await context.close()
  })

  test('the file list at 390 px: axe clean, no sideways scroll, arrow keys reorder', async ({ browser }) => {
    const { context, canvas, review, page } = await reviewWithFiles(
      browser,
      { ...PHONE },
      { prefix: 'phil', name: 'Phil Phone', teamName: 'Phone files', title: 'Flyers' },
      [pdf('front.pdf', 'minimal-document.pdf'), pdf('reverse.pdf', 'multicolumn.pdf')],
    )
    // A phone's top bar has no room left: the file list opens from the comments sheet.
    // (By keyboard: the top bar is wider than a 390 px screen today and its last buttons sit under others.)
    await page.getByRole('button', { name: /^Comments/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('review-top-bar').getByTestId('files-button')).toBeHidden()
    await review.sidebar.getByTestId('files-button').click()
    const dialog = page.getByRole('dialog', { name: 'Files of this revision' })
    await expect(dialog.getByTestId('files-row')).toHaveCount(2)
    await expectNoSeriousAxe(page, 'files dialog, phone')
    await expectNoSidewaysScroll(page)
    // Every action of a row stays on screen (they wrap under the name rather than run off the edge).
    const remove = dialog.getByRole('button', { name: 'Delete reverse.pdf' })
    await remove.scrollIntoViewIfNeeded()
    const box = await remove.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(390)
    await shot(page, 'assets-files-dialog-phone')
    await dialog.getByRole('button', { name: 'Reorder front.pdf, position 1 of 2' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(dialog.getByTestId('files-announcer')).toHaveText('front.pdf moved to position 2 of 2.')
    await expect.poll(() => assetsOf(context.request, canvas.subdomain)).toEqual(['reverse.pdf', 'front.pdf'])
    await context.close()
  })

  test('a file deleted elsewhere: the watcher is shown the one that took its place', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    const email = uniqueEmail('wanda')
    const signUp = await context.request.post('/api/v1/users', {
      headers: ownNetwork(),
      data: { email, name: 'Wanda Watcher', password: PASSWORD, teamName: 'Watchers' },
    })
    expect(signUp.status(), await signUp.text()).toBe(201)
    const canvas = await createCanvas(context.request, { type: 'design', title: 'Catalogue' })
    await uploadAsset(context.request, canvas.id, pdf('one.pdf', 'minimal-document.pdf'))
    await uploadAsset(context.request, canvas.id, pdf('two.pdf', 'multicolumn.pdf'))
    await uploadAsset(context.request, canvas.id, pdf('three.pdf', 'pdflatex-image.pdf'))
    const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    await logIn(watcherContext.request, email, PASSWORD)
    const watcher = new ReviewPage(await watcherContext.newPage())
    await watcher.open(canvas.subdomain)
    const select = watcher.page.getByTestId('asset-select')
    const ids = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    await select.selectOption(ids[1] ?? '')
    await expect(select).toHaveValue(ids[1] ?? '')
    // Deleted in another window: the watcher's canvas reloads over the real-time channel.
    const removed = await context.request.delete(`/api/v1/canvases/${canvas.id}/assets/${ids[1]}`)
    expect(removed.status()).toBe(200)
    await expect(select.locator('option')).toHaveCount(2)
    await expect(select).toHaveValue(ids[2] ?? '')
    await context.close()
    await watcherContext.close()
  })
})
