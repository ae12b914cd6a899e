/**
 * The review screen of every canvas type under axe-core and the tap-target rule, with a thread open and
 * with the list, on the desktop and on the phone profile (issue 19, "Accessibility as a habit"); and
 * the guest gate and a guest's review screen on the desktop (the phone guest journeys cover the phone).
 */
import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, expectTapTargets, PHONE } from './a11y'
import { CANVAS_KINDS } from './canvas-kinds'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, logIn, startCorpusServer } from './review-fixtures'
import { fixtures, shot, uniqueEmail } from './support'

const PROFILES: { name: string; options: BrowserContextOptions; phone: boolean }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } }, phone: false },
  { name: 'phone', options: PHONE, phone: true },
]

/** The type label a canvas card shows, and the lucide icon beside it. */
const TYPE_LABELS: Record<string, [string, string]> = {
  website: ['Website', 'globe'],
  email: ['E-mail', 'mail'],
  image: ['Design', 'image'],
  pdf: ['PDF', 'file-text'],
  video: ['Video', 'video'],
}

let corpus: CorpusServer
test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

async function audit(page: Page, screen: string) {
  await shot(page, `a11y-review-${screen}`)
  await expectNoSeriousAxe(page, screen, { soft: true })
  await expectTapTargets(page.locator('body'), screen, { soft: true })
  await expectNoSidewaysScroll(page)
}

for (const profile of PROFILES) {
  for (const kind of CANVAS_KINDS) {
    test(`${kind.name} review on the ${profile.name}: axe and tap targets with a thread and the list`, async ({
      browser,
    }) => {
      test.setTimeout(90_000)
      const context = await browser.newContext(profile.options)
      const { betaOwner } = fixtures()
      await logIn(context.request, betaOwner.email, betaOwner.password)
      const canvas = await kind.prepare(context, corpus.origin)
      const review = new ReviewPage(await context.newPage())
      // Nothing the screen asks of the app fails (item 14: a PDF asked for a proxy address and got 404).
      const failed: string[] = []
      review.page.on('response', (response) => {
        if (response.status() >= 400 && response.url().includes('/api/v1/')) failed.push(response.url())
      })
      await review.open(canvas.subdomain)
      await kind.ready(review)
      const screen = `${kind.name}-${profile.name}`
      await audit(review.page, `${screen}-canvas`)

      if (profile.phone) await kind.spot(review).tap()
      else await kind.spot(review).click()
      await expect(review.composer).toBeVisible()
      await review.composer.getByRole('combobox', { name: 'Comment' }).fill(`A note on the ${kind.name}`)
      await audit(review.page, `${screen}-composer`)
      await review.composer.getByRole('button', { name: /^Post/ }).click()
      await expect(review.composer).toBeHidden()
      // On a phone the comments are a sheet the top bar's button opens, on the new comment.
      if (profile.phone) await review.page.getByRole('button', { name: /^Comments \d+$/ }).tap()
      await expect(review.thread).toContainText(`A note on the ${kind.name}`)
      // The video's comment sits on its timeline too: measured with the rest, so it must be there.
      if (kind.name === 'video') await expect(review.page.locator('[data-marker-id]')).toBeVisible()
      await audit(review.page, `${screen}-thread`)
      await review.backToList()
      await expect(review.commentInList(`A note on the ${kind.name}`)).toBeVisible()
      await audit(review.page, `${screen}-list`)
      expect(failed, 'failed API calls of the review screen').toEqual([])
      // Keyboard hints are for keyboards (item 4): on the phone no "/" in the search field and no
      // shortcuts entry in the Help menu; on the desktop both are there.
      const hint = review.sidebar.locator('span[aria-hidden=true]', { hasText: /^\/$/ })
      await expect(hint).toBeVisible({ visible: !profile.phone })
      // The shortcuts are an entry of the Help menu, offered only where there is a keyboard.
      await review.page.getByRole('button', { name: 'Help' }).click()
      await expect(review.page.getByRole('menuitem', { name: 'Restart tour' })).toBeVisible()
      await expect(review.page.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeVisible({
        visible: !profile.phone,
      })
      await review.page.keyboard.press('Escape')
      await expect(review.page.getByRole('menu')).toHaveCount(0)

      // On the dashboard the card says what it is (an uploaded e-mail showed a picture's icon, item 15).
      if (!profile.phone) {
        await review.page.goto('/dashboard')
        const card = review.page
          .getByTestId('canvas-card')
          .filter({ has: review.page.locator(`a[href="/link/${canvas.subdomain}/"]`) })
        const [label, icon] = TYPE_LABELS[kind.name] ?? []
        await expect(card.getByText(label ?? '?', { exact: true })).toBeVisible()
        await expect(card.locator(`svg.lucide-${icon}`).first()).toBeAttached()
      }
      await context.close()
    })
  }
}

test('guest on the desktop: the gate and the review screen pass axe, tap targets of 24 px', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const member = await browser.newContext()
  const { betaOwner } = fixtures()
  await logIn(member.request, betaOwner.email, betaOwner.password)
  const website = CANVAS_KINDS.find((kind) => kind.name === 'website')
  if (!website) throw new Error('no website kind')
  const canvas = await website.prepare(member, corpus.origin)
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const review = new ReviewPage(await guest.newPage())
  await review.open(canvas.subdomain)
  const gate = review.page.getByRole('dialog', { name: 'Who is reviewing?' })
  await expect(gate).toBeVisible()
  await audit(review.page, 'guest-gate-desktop')
  await review.answerGuestPrompt('Gus Guest', uniqueEmail('gus'))
  await website.ready(review)
  await review.placeInFrame('Man must explore')
  await review.writeComment('A guest note')
  await audit(review.page, 'guest-thread-desktop')
  await review.backToList()
  await audit(review.page, 'guest-list-desktop')
  await guest.close()
  await member.close()
})
