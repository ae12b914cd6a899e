/**
 * Screenshots of pinned spots (issue 17 item 7, decision 055): a pin placed on a real website (a fixture
 * page served through the proxy) gets a picture of its spot, which appears in the comment (opened full
 * size from the keyboard) and in the mention e-mail to another person of the canvas; the e-mailed image
 * opens without a session; on a phone the mentioned person sees it in the comment too.
 */
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, ownerWithBlog, startCorpusServer } from './review-fixtures'
import { shot, signUpByApi, uniqueEmail } from './support'

let corpus: CorpusServer

test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

test("a pin's screenshot appears in the comment and in the notification e-mail", async ({ browser }) => {
  test.setTimeout(120_000)
  // Bob, a reviewer the canvas is shared with, is the one mentioned (on his phone later).
  const phone = await browser.newContext(PHONE)
  const bobEmail = uniqueEmail('bob')
  await signUpByApi(phone.request, { email: bobEmail, name: 'Bob Shutter', teamName: 'Shutter studio' })

  const { context, canvas } = await ownerWithBlog(browser, corpus, 'Clean blog pictures')
  const shared = await context.request.post(`/api/v1/canvases/${canvas.id}/share`, {
    data: { emails: [bobEmail] },
  })
  expect(shared.status(), await shared.text()).toBeLessThan(300)

  const review = new ReviewPage(await context.newPage())
  await review.open(canvas.subdomain)
  await review.placeInFrame('Problems look mighty small')
  const field = review.composer.getByRole('combobox', { name: 'Comment' })
  await field.fill('This heading needs more room @Bob')
  await review.composer.getByRole('option', { name: /Bob Shutter/ }).click()
  await review.composer.getByRole('button', { name: 'Post' }).click()

  // The comment is there at once; its picture follows and appears in it.
  await expect(review.thread.getByText('This heading needs more room')).toBeVisible()
  const thumb = review.thread.getByTestId('comment-screenshot')
  await expect(thumb).toBeVisible({ timeout: 30_000 })
  const image = thumb.getByRole('img', { name: /Screenshot of the spot this comment by Grace Hopper/ })
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(100)
  await shot(review.page, 'screenshot-in-comment')
  await expectNoSeriousAxe(review.page, 'a comment with its screenshot')

  // Full size from the keyboard, and back.
  await thumb.focus()
  await review.page.keyboard.press('Enter')
  const dialog = review.page.getByRole('dialog', { name: 'Screenshot of the spot' })
  const full = dialog.getByRole('img', { name: /Screenshot of the spot/ })
  await expect(full).toBeVisible()
  await shot(review.page, 'screenshot-full-size')
  await expectNoSeriousAxe(review.page, 'a screenshot full size')
  await review.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(thumb).toBeFocused()
  const commentUrl = review.page.url()

  // The mention e-mail to Bob shows the picture (it waits a few seconds for it) through a signed URL.
  let src = ''
  await expect
    .poll(
      async () => {
        const list = await (await context.request.get('/api/v1/dev/outbox')).text()
        const rows = [...list.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1] ?? '')
        const href = rows
          .find((r) => r.includes(bobEmail) && /mention/i.test(r))
          ?.match(/href="([^"]+)"/)?.[1]
        if (!href) return ''
        // The outbox page shows the message in a srcdoc frame: its HTML arrives escaped (twice for &).
        const mail = (await (await context.request.get(href)).text())
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&')
          .replace(/&amp;/g, '&')
        src = mail.match(/<img[^>]+src="([^"]+\/api\/v1\/files\/screenshots\/[^"]+)"/)?.[1] ?? ''
        return src
      },
      { timeout: 60_000 },
    )
    .not.toBe('')
  // An e-mail client has no session: the image opens anyway, and is the picture of the comment.
  const mailClient = await browser.newContext()
  const fetched = await mailClient.request.get(src)
  expect(fetched.status()).toBe(200)
  expect(fetched.headers()['content-type']).toMatch(/^image\/(webp|png)$/)
  expect((await fetched.body()).length).toBeGreaterThan(1000)
  await mailClient.close()

  // Bob opens the comment on his phone: the picture is in it, and opens full size by touch.
  const bobPage = await phone.newPage()
  await bobPage.goto(new URL(commentUrl).pathname)
  const bob = new ReviewPage(bobPage)
  // On a phone the comments are a sheet, opened from the header on the linked comment.
  await bobPage.getByRole('button', { name: 'Comments 1', exact: true }).tap()
  await expect(bob.thread.getByText('This heading needs more room')).toBeVisible()
  const bobThumb = bob.thread.getByTestId('comment-screenshot')
  await expect(bobThumb).toBeVisible()
  await expectNoSidewaysScroll(bobPage)
  await bobThumb.tap()
  await expect(bobPage.getByRole('dialog', { name: 'Screenshot of the spot' })).toBeVisible()
  await shot(bobPage, 'screenshot-phone')
  await expectNoSeriousAxe(bobPage, 'a screenshot on a phone')
  await context.close()
  await phone.close()
})
