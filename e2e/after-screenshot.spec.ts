/**
 * The "after" picture of a copy change (decision 055): a copy-change comment placed on a real website (a
 * fixture page served through the proxy) is pictured when pinned; once it is resolved the review screen
 * pictures the same spot again, showing the new copy, and the comment shows both pictures, Before then
 * After, each loaded. The API returns the after picture's address, which opens for a reader of the canvas.
 */
import { expect, type Locator, test } from '@playwright/test'
import { expectNoSeriousAxe } from './a11y'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, ownerWithBlog, startCorpusServer } from './review-fixtures'
import { shot } from './support'

let corpus: CorpusServer

test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

/** The image's natural width once it has loaded (0 while loading or when it failed to). */
function loadedWidth(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
}

test('a resolved copy change gets an after picture, shown after the before picture', async ({ browser }) => {
  test.setTimeout(120_000)
  const { context, canvas } = await ownerWithBlog(browser, corpus, 'Clean blog copy')

  const review = new ReviewPage(await context.newPage())
  await review.open(canvas.subdomain)
  // Copy change: edit the first post title in place, then comment on the change.
  await review.editCopy(review.frame.locator('h2.post-title').first(), 'Stars are closer than they look')
  await review.composer.getByRole('combobox', { name: 'Comment' }).fill('A friendlier headline')
  await review.composer.getByRole('button', { name: 'Post' }).click()
  await expect(review.thread.getByRole('region', { name: 'Copy change' })).toContainText(
    'Stars are closer than they look',
  )

  // The picture taken when pinned arrives first, alone (no Before/After labels yet). The page shows the
  // edit while the pin's anchor holds the old text: the spot is found by its new text, as the pin is.
  const pictures = review.thread.getByRole('list', { name: 'Screenshots' })
  const before = pictures.getByRole('button', { name: 'Screenshot: open full size' })
  await expect(before).toBeVisible({ timeout: 30_000 })
  await expect(pictures.getByTestId('comment-screenshot')).toHaveCount(1)

  // Resolving pictures the spot again; the comment then shows both, Before first.
  await review.setStatus('Resolved')
  await expect(review.thread.getByTestId('status-select')).toHaveValue('resolved')
  const thumbs = pictures.getByTestId('comment-screenshot')
  await expect(thumbs).toHaveCount(2, { timeout: 30_000 })
  await expect(thumbs.nth(0)).toHaveAccessibleName('Before: open full size')
  await expect(thumbs.nth(1)).toHaveAccessibleName('After: open full size')
  await expect(thumbs.nth(0)).toContainText('Before')
  await expect(thumbs.nth(1)).toContainText('After')
  const beforeImage = thumbs
    .nth(0)
    .getByRole('img', { name: 'Screenshot of the spot this comment by Grace Hopper is pinned to' })
  const afterImage = thumbs
    .nth(1)
    .getByRole('img', { name: 'Screenshot of the same spot after the copy change was resolved' })
  await expect.poll(() => loadedWidth(beforeImage), { timeout: 15_000 }).toBeGreaterThan(0)
  await expect.poll(() => loadedWidth(afterImage), { timeout: 15_000 }).toBeGreaterThan(0)
  await shot(review.page, 'copy-change-after-screenshot')
  await expectNoSeriousAxe(review.page, 'a resolved copy change with its before and after pictures')

  // The API has both addresses, different ones, and the after picture is an image a reader can open.
  const list = await context.request.get(`/api/v1/canvases/${canvas.id}/annotations`)
  expect(list.status()).toBe(200)
  const { annotations } = (await list.json()) as {
    annotations: {
      id: string
      status: string
      textContentAfter: string | null
      screenshotUrl: string | null
      afterScreenshotUrl: string | null
    }[]
  }
  expect(annotations).toHaveLength(1)
  const annotation = annotations[0]
  if (!annotation) throw new Error('no annotation')
  expect(annotation.status).toBe('resolved')
  expect(annotation.textContentAfter).toBe('Stars are closer than they look')
  expect(annotation.screenshotUrl).toBeTruthy()
  expect(annotation.afterScreenshotUrl).toBeTruthy()
  expect(annotation.afterScreenshotUrl).not.toBe(annotation.screenshotUrl)
  const single = await context.request.get(`/api/v1/annotations/${annotation.id}`)
  expect(((await single.json()) as { annotation: typeof annotation }).annotation.afterScreenshotUrl).toBe(
    annotation.afterScreenshotUrl,
  )
  expect(await afterImage.getAttribute('src')).toBe(annotation.afterScreenshotUrl)
  const fetched = await context.request.get(annotation.afterScreenshotUrl ?? '')
  expect(fetched.status()).toBe(200)
  expect(fetched.headers()['content-type']).toMatch(/^image\/(webp|png)$/)
  expect((await fetched.body()).length).toBeGreaterThan(1000)

  // The after picture opens full size from the keyboard, in its own dialog.
  await thumbs.nth(1).focus()
  await review.page.keyboard.press('Enter')
  const dialog = review.page.getByRole('dialog', { name: 'Screenshot after the change' })
  await expect(
    dialog.getByRole('img', { name: 'Screenshot of the same spot after the copy change was resolved' }),
  ).toBeVisible()
  await review.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(thumbs.nth(1)).toBeFocused()
  await context.close()
})
