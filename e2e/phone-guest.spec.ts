import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectTapTargets, PHONE } from './a11y'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, createCanvas, logIn, startCorpusServer } from './review-fixtures'
import { fixtures, shot, uniqueEmail } from './support'

let corpus: CorpusServer

test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

async function memberRequest(browser: Browser) {
  const context = await browser.newContext()
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  return context
}

/** Audits the step, measures its tap targets and takes its picture. */
async function check(page: Page, name: string) {
  await shot(page, `phone-guest-${name}`)
  await expectNoSeriousAxe(page, `phone ${name}`)
  await expectTapTargets(page.locator('body'), `phone ${name}`)
}

async function passGate(review: ReviewPage, name: string) {
  const dialog = review.page.getByRole('dialog', { name: 'Who is reviewing?' })
  await expect(dialog).toBeVisible()
  await check(review.page, `${name}-gate`)
  await dialog.getByLabel('Your name').fill('Ana Client')
  await dialog.getByLabel('Your e-mail').fill(uniqueEmail('ana'))
  await dialog.getByRole('button', { name: 'Start reviewing' }).tap()
  await expect(dialog).toBeHidden()
}

async function sendListThreadReply(
  review: ReviewPage,
  name: string,
  text: string,
  pins: Page | FrameLocator,
) {
  const { page } = review
  await expect(review.composer).toBeVisible()
  await review.composer.getByRole('combobox', { name: 'Comment' }).fill(text)
  await check(page, `${name}-composer`)
  await review.composer.getByRole('button', { name: /^Post/ }).tap()
  await expect(review.composer).toBeHidden()
  // The pin carries its number, its author and its text for screen readers.
  await expect(pins.getByRole('button', { name: `Comment 1 by Ana Client: ${text}` })).toBeAttached()

  // After sending, the pin is on the canvas; the header button opens the sheet on the new comment, and
  // "All comments" leads to the list.
  await page.getByRole('button', { name: 'Comments 1', exact: true }).tap()
  await expect(review.thread).toBeVisible()
  await review.thread.getByRole('button', { name: 'All comments' }).tap()
  await expect(review.commentInList(text)).toBeVisible()
  await check(page, `${name}-list`)
  await review.commentInList(text).tap()
  await expect(review.thread).toContainText(text)
  await review.thread.getByRole('combobox', { name: 'Reply' }).fill('And the button below too')
  await review.thread.getByRole('button', { name: 'Reply', exact: true }).tap()
  await expect(
    review.thread.locator('[data-reply-id]', { hasText: 'And the button below too' }),
  ).toBeVisible()
  await check(page, `${name}-thread`)
}

test('phone guest on a website canvas: gate, tap a pin, send, list, thread, reply', async ({ browser }) => {
  test.setTimeout(120_000)
  const member = await memberRequest(browser)
  const canvas = await createCanvas(member.request, {
    type: 'website',
    title: 'Clean blog',
    localUrl: `${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`,
  })
  const phone = await browser.newContext(PHONE)
  const review = new ReviewPage(await phone.newPage())
  await review.open(canvas.subdomain)
  await passGate(review, 'website')
  await expect(review.frame.getByText('Man must explore').first()).toBeVisible()
  await check(review.page, 'website-canvas')

  // A tap, not a click: touchstart/touchend reach the page first (issue 19 item 1).
  await review.frame.getByText('Man must explore').first().tap()
  await sendListThreadReply(review, 'website', 'The headline wraps badly here', review.frame)
  await phone.close()
  await member.close()
})
