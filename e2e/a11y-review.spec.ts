/**
 * The review screen of a member, by keyboard and under axe-core (issue 19): "Skip to the canvas" puts
 * focus on the canvas (item 7), the list and a thread pass axe, and the logo leads back to the
 * dashboard (item 11).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxe } from './a11y'
import { ReviewPage } from './pages/review-page'
import { createCanvas, logIn, uploadAsset } from './review-fixtures'
import { fixtures, shot, uniqueEmail } from './support'

test('review screen of a PDF: skip link, axe with the list and a thread, logo back to the dashboard', async ({
  page,
}) => {
  const { betaOwner } = fixtures()
  await logIn(page.request, betaOwner.email, betaOwner.password)
  const canvas = await createCanvas(page.request, { type: 'design', title: 'A11y brochure' })
  const buffer = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pdfs', 'pdflatex-4-pages.pdf'))
  await uploadAsset(page.request, canvas.id, { name: 'brochure.pdf', mimeType: 'application/pdf', buffer })
  const review = new ReviewPage(page)
  await review.open(canvas.subdomain)
  await expect(page.getByTestId('viewer-box')).toBeVisible()

  await test.step('the skip link moves focus onto the canvas', async () => {
    await page.locator('body').focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to the canvas' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main', { name: 'Canvas' })).toBeFocused()
  })

  await test.step('axe with the list, then with a thread open', async () => {
    // A draft survives a click on another spot: it moves there (issue 19 item 12).
    await review.placeOnSurface(0.2, 0.6)
    const box = review.composer.getByRole('combobox', { name: 'Comment' })
    await box.fill('Axe checks this thread')
    await review.placeOnSurface(0.5, 0.3)
    await expect(box).toHaveValue('Axe checks this thread')
    await review.writeComment('Axe checks this thread')
    await expectNoSeriousAxe(page, 'review (thread)')
    await review.backToList()
    await expect(review.commentInList('Axe checks this thread')).toBeVisible()
    await expectNoSeriousAxe(page, 'review (list)')
    await shot(page, 'a11y-review-pdf')
    // Opened from the list by keyboard, the thread takes the focus (issue 19 item 9).
    await review.commentInList('Axe checks this thread').focus()
    await page.keyboard.press('Enter')
    await expect(review.thread).toBeFocused()
  })

  await test.step('the logo leads back to the dashboard', async () => {
    await page.getByRole('link', { name: 'Back to the dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard/)
    await expect(page.getByTestId('dashboard-heading')).toBeVisible()
  })
})

test('a comment and a reply arriving in real time are read out through a polite live region', async ({
  browser,
}) => {
  const member = await browser.newContext()
  const { betaOwner } = fixtures()
  await logIn(member.request, betaOwner.email, betaOwner.password)
  const canvas = await createCanvas(member.request, { type: 'design', title: 'Live brochure' })
  const buffer = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pdfs', 'pdflatex-4-pages.pdf'))
  await uploadAsset(member.request, canvas.id, { name: 'live.pdf', mimeType: 'application/pdf', buffer })
  const guest = await browser.newContext()
  const guestReview = new ReviewPage(await guest.newPage())
  await guestReview.open(canvas.subdomain)
  await guestReview.answerGuestPrompt('Lou Listener', uniqueEmail('lou'))
  const memberReview = new ReviewPage(await member.newPage())
  await memberReview.open(canvas.subdomain)
  await memberReview.placeOnSurface(0.4, 0.4)
  await memberReview.writeComment('Heard live')
  const announcer = guestReview.page.getByRole('status').filter({ hasText: 'left a new comment' })
  await expect(announcer).toHaveAttribute('aria-live', 'polite')
  await expect(announcer).toContainText('Grace Hopper left a new comment')
  // A reply arriving in real time is read out the same way.
  await memberReview.reply('Heard the reply too')
  const replied = guestReview.page.getByTestId('live-announcer')
  await expect(replied).toHaveAttribute('aria-live', 'polite')
  await expect(replied).toContainText('Grace Hopper replied to a comment')
  await member.close()
  await guest.close()
})
