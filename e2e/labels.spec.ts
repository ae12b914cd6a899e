/**
 * Team labels (issue 17 item 4): created, renamed, recoloured and deleted in Settings › Labels by
 * keyboard, audited with axe at desktop and phone width; a label made in settings filters the review
 * sidebar, and a new one is created inline from the label picker and lands on the comment.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { ReviewPage } from './pages/review-page'
import { createCanvas, uploadAsset } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const CORPUS = join(import.meta.dirname, '..', 'fixtures')

async function teamMember(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options })
  // Labels are an enterprise-plan feature (SPEC 6): a new team on that plan's trial, labels of its own.
  const response = await context.request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: {
      email: uniqueEmail('lena'),
      name: 'Lena Labelmaker',
      password: PASSWORD,
      teamName: 'Label studio',
      plan: 'enterprise35peruser',
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const member = (await response.json()) as { user: { id: string; TeamId: string } }
  return { context, member, page: await context.newPage() }
}

/** The chip of `name` in the settings list. */
const chip = (page: Page, name: string) =>
  page.getByTestId('team-labels').locator('[data-label-chip]', { hasText: name })

test.describe('labels', () => {
  test.setTimeout(90_000)

  test('settings: create, rename, recolour and delete by keyboard; axe clean', async ({ browser }) => {
    const { context, page } = await teamMember(browser)
    await page.goto('/settings')
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Labels' }).click()
    await expect(page).toHaveURL(/\/settings\/labels$/)
    await expect(page.getByText('No labels yet. Create the first one above.')).toBeVisible()
    await expectNoSeriousAxe(page, 'labels settings, empty')

    // Create by keyboard: name, Tab into the colour group, arrows choose a colour, Enter on the button.
    const form = page.getByRole('form', { name: 'New label' })
    await form.getByLabel('Name').focus()
    await page.keyboard.type('Needs copy')
    await page.keyboard.press('Tab')
    await expect(form.getByRole('radio', { name: 'Blue' })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(form.getByRole('radio', { name: 'Violet' })).toBeChecked()
    await page.keyboard.press('Tab')
    await expect(form.getByRole('button', { name: 'Create label' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(chip(page, 'Needs copy')).toBeVisible()
    await expect(chip(page, 'Needs copy')).toHaveCSS('background-color', 'rgb(124, 58, 237)')
    await expect(chip(page, 'Needs copy')).toHaveCSS('color', 'rgb(255, 255, 255)')

    // A second one by Enter in the name field; then a twin name is refused with the server's reason.
    await form.getByLabel('Name').fill('Layout')
    await form.getByLabel('Name').press('Enter')
    await expect(chip(page, 'Layout')).toBeVisible()
    await form.getByLabel('Name').fill('layout')
    await form.getByLabel('Name').press('Enter')
    await expect(form.getByText('The team already has a label named “layout”.')).toBeVisible()
    await shot(page, 'labels-settings')

    // Rename and recolour in the dialog: a light colour gets dark text.
    await page.getByRole('button', { name: 'Edit Needs copy' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit “Needs copy”' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Name').fill('Copy change')
    await dialog.getByRole('radio', { name: 'Yellow' }).check()
    await expectNoSeriousAxe(page, 'edit label dialog')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(chip(page, 'Copy change')).toHaveCSS('color', 'rgb(0, 0, 0)')
    await expect(chip(page, 'Needs copy')).toHaveCount(0)

    // Delete asks first; Escape keeps the label, the confirming button removes it.
    await page.getByRole('button', { name: 'Delete Layout' }).click()
    await page.keyboard.press('Escape')
    await expect(chip(page, 'Layout')).toBeVisible()
    await page.getByRole('button', { name: 'Delete Layout' }).click()
    await page
      .getByRole('dialog', { name: 'Delete “Layout”?' })
      .getByRole('button', { name: 'Delete label' })
      .click()
    await expect(chip(page, 'Layout')).toHaveCount(0)
    await page.reload()
    await expect(chip(page, 'Copy change')).toBeVisible()
    await expect(page.getByTestId('team-labels').locator('li')).toHaveCount(1)
    await expectNoSeriousAxe(page, 'labels settings, one label')
    await context.close()
  })

  test('settings at 390 px: no sideways scroll, axe clean', async ({ browser }) => {
    const { context, page } = await teamMember(browser, PHONE)
    const made = await context.request.post('/api/v1/labels', {
      data: { name: 'A rather long label name for phones', color: '#0f766e' },
    })
    expect(made.status(), await made.text()).toBeLessThan(300)
    await page.goto('/settings/labels')
    await expect(chip(page, 'A rather long label name for phones')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxe(page, 'labels settings at 390 px')
    await shot(page, 'labels-settings-390')
    await context.close()
  })

  test('a settings label filters the sidebar; a new one is made inline from the picker', async ({
    browser,
  }) => {
    const { context, page, member } = await teamMember(browser)
    const review = new ReviewPage(page)
    await page.goto('/settings/labels')
    const form = page.getByRole('form', { name: 'New label' })
    await form.getByLabel('Name').fill('Urgent')
    await form.getByRole('radio', { name: 'Red' }).check()
    await form.getByRole('button', { name: 'Create label' }).click()
    await expect(chip(page, 'Urgent')).toBeVisible()

    const canvas = await createCanvas(context.request, { type: 'design', title: 'Poster' })
    const buffer = readFileSync(join(CORPUS, 'pdfs', 'pdflatex-4-pages.pdf'))
    await uploadAsset(context.request, canvas.id, { name: 'poster.pdf', mimeType: 'application/pdf', buffer })
    await review.open(canvas.subdomain)
    await review.placeOnSurface(0.3, 0.3)
    await review.writeComment('Make the title bigger')
    await review.backToList()
    await review.placeOnSurface(0.6, 0.6)
    await review.writeComment('Fix the footer')

    // The picker: find by typing, tick by keyboard; a name nobody has yet is created and put on at once.
    await review.thread.getByRole('button', { name: 'Edit labels' }).click()
    const search = page.getByLabel('Find or create a label')
    await expect(search).toBeFocused()
    await page.keyboard.type('Urg')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('checkbox', { name: 'Urgent' })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(review.thread.getByTestId('thread-labels')).toContainText('Urgent')
    await search.fill('Footer')
    await expect(page.getByRole('button', { name: 'Create “Footer”' })).toBeVisible()
    await expectNoSeriousAxe(page, 'label picker')
    await search.press('Enter')
    await expect(
      review.thread.getByTestId('thread-labels').locator('[data-label-chip]', { hasText: 'Footer' }),
    ).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Footer' })).toBeChecked()
    await shot(page, 'label-picker-inline')
    await page.keyboard.press('Escape')
    const labels = await context.request.get(`/api/v1/teams/${member.user.TeamId}/labels`)
    expect(((await labels.json()) as { labels: { name: string }[] }).labels.map((l) => l.name)).toEqual([
      'Footer',
      'Urgent',
    ])

    // The sidebar filter by the settings label shows only the comment that carries it.
    await review.backToList()
    await expect(review.commentInList('Make the title bigger')).toBeVisible()
    await page.getByRole('button', { name: /^Filter and sort/ }).click()
    await page.getByRole('checkbox', { name: 'Urgent' }).check()
    await page.keyboard.press('Escape')
    await expect(review.commentInList('Fix the footer')).toBeVisible()
    await expect(review.commentInList('Make the title bigger')).toHaveCount(0)
    await expectNoSeriousAxe(page, 'review sidebar filtered by label')
    await context.close()
  })
})
