/**
 * Review journeys (issue 7 acceptance), one per canvas type: a member pins a comment; a guest, in a second
 * browser context that opened the link first, sees it appear live, replies; the member sees the reply and
 * resolves the comment, which the guest sees too. A private comment never reaches the guest. A comment
 * made in a 390 px window reopens in the mobile view at the widest preset that fits (SPEC 4).
 */
import { type Browser, expect, test } from '@playwright/test'
import { CANVAS_KINDS, type CanvasKind } from './canvas-kinds'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, logIn, startCorpusServer } from './review-fixtures'
import { fixtures, shot, uniqueEmail } from './support'

let corpus: CorpusServer

async function memberContext(browser: Browser, viewport = { width: 1366, height: 860 }) {
  const context = await browser.newContext({ viewport })
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  return context
}

/** Where the member pins a comment on each kind of canvas (the canvases themselves: canvas-kinds.ts). */
const PLACE: Record<CanvasKind['name'], (review: ReviewPage) => Promise<void>> = {
  website: (review) => review.placeInFrame('Man must explore'),
  email: (review) => review.placeInFrame('thrilled to have you on board'),
  image: (review) => review.placeOnSurface(0.4, 0.45),
  pdf: (review) => review.placeOnSurface(0.5, 0.3),
  video: (review) => review.placeOnVideo(0.3, 0.4),
}

function kind(name: CanvasKind['name']): CanvasKind {
  const found = CANVAS_KINDS.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`no canvas kind ${name}`)
  return found
}

test.describe('review journeys', () => {
  test.describe.configure({ mode: 'default' })
  test.setTimeout(120_000)

  test.beforeAll(async () => {
    corpus = await startCorpusServer()
  })
  test.afterAll(() => corpus?.stop())

  for (const journey of CANVAS_KINDS) {
    test(`${journey.name}: member pins, guest sees it live and replies, member resolves`, async ({
      browser,
    }) => {
      const member = await memberContext(browser)
      const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const canvas = await journey.prepare(member, corpus.origin)
      const memberReview = new ReviewPage(await member.newPage())
      const guestReview = new ReviewPage(await guest.newPage())
      const errors: string[] = []
      for (const page of [memberReview.page, guestReview.page])
        page.on('pageerror', (error) => errors.push(error.message))

      await test.step('the guest opens the link first and says who they are', async () => {
        await guestReview.open(canvas.subdomain)
        await guestReview.answerGuestPrompt('Grace Guest', uniqueEmail('grace'))
      })

      const text = `Please fix this ${journey.name} spot`
      await test.step('the member pins a comment', async () => {
        await memberReview.open(canvas.subdomain)
        await journey.ready(memberReview)
        await PLACE[journey.name](memberReview)
        await memberReview.writeComment(text)
        await shot(memberReview.page, `review-${journey.name}-member`)
      })

      await test.step('the guest sees it appear without reloading, opens it and replies', async () => {
        await expect(guestReview.commentInList(text)).toBeVisible()
        // The SPEC notification ('{user} left a new comment') opens the comment on click.
        await guestReview.page
          .getByTestId('notification')
          .filter({ hasText: 'Grace Hopper left a new comment' })
          .click()
        await expect(guestReview.thread).toContainText(text)
        await guestReview.reply('On it, thanks!')
        await shot(guestReview.page, `review-${journey.name}-guest`)
      })

      await test.step('the member sees the reply live and resolves the comment', async () => {
        await expect(
          memberReview.thread.locator('[data-reply-id]', { hasText: 'On it, thanks!' }),
        ).toBeVisible()
        await memberReview.setStatus('Resolved')
        await expect(guestReview.thread.getByTestId('status-select')).toHaveValue('resolved')
      })

      expect(errors).toEqual([])
      await member.close()
      await guest.close()
    })
  }

  test('a private comment never reaches the guest', async ({ browser }) => {
    const member = await memberContext(browser)
    const guest = await browser.newContext()
    const canvas = await kind('image').prepare(member, corpus.origin)
    const memberReview = new ReviewPage(await member.newPage())
    const guestReview = new ReviewPage(await guest.newPage())
    await guestReview.open(canvas.subdomain)
    await guestReview.answerGuestPrompt('Pat Guest', uniqueEmail('pat'))
    await memberReview.open(canvas.subdomain)
    await memberReview.placeOnSurface(0.2, 0.2)
    await memberReview.writeComment('Team only: budget is tight', { isPrivate: true })
    await memberReview.backToList()
    await memberReview.placeOnSurface(0.7, 0.7)
    await memberReview.writeComment('Public: lovely colours')
    // The public one arrives; the private one, sent before it, never did.
    await expect(guestReview.commentInList('Public: lovely colours')).toBeVisible()
    await expect(guestReview.page.getByText('budget is tight')).toHaveCount(0)
    await guestReview.page.reload()
    await expect(guestReview.commentInList('Public: lovely colours')).toBeVisible()
    await expect(guestReview.page.getByText('budget is tight')).toHaveCount(0)
    const list = await guest.request.get(`/api/v1/canvases/${canvas.id}/annotations`)
    expect(await list.text()).not.toContain('budget is tight')
    await member.close()
    await guest.close()
  })

  test('a comment made in a 390 px window reopens in the mobile view at the 390 preset', async ({
    browser,
  }) => {
    const phone = await memberContext(browser, { width: 390, height: 844 })
    const canvas = await kind('website').prepare(phone, corpus.origin)
    const onPhone = new ReviewPage(await phone.newPage())
    await onPhone.open(canvas.subdomain)
    await onPhone.placeInFrame('Man must explore')
    await onPhone.writeComment('Too big on my phone')
    const url = new URL(onPhone.page.url())
    await shot(onPhone.page, 'review-website-phone')

    const desktop = await memberContext(browser)
    const review = new ReviewPage(await desktop.newPage())
    await review.page.goto(url.pathname)
    await expect(review.page.getByTestId('review-frame')).toHaveAttribute('data-view-mode', 'mobile')
    await expect(review.page.getByTestId('device-width')).toHaveValue('390')
    await expect(review.frame.locator('[data-pin-id]')).toHaveCount(1)
    await shot(review.page, 'review-website-mobile-view')
    await phone.close()
    await desktop.close()
  })
})
