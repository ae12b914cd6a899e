/**
 * Billing journey (issue 10): a team owner's trial ends (the server's test clock moves), the shell shows the
 * trial-expired dialog and read-only canvases; a declined card shows the decline; tok_visa (4242…) opens the
 * canvases again without a reload (customer.updated over the realtime socket, seen in a second tab); a
 * coupon applies; the invoice prints; cancel with a survey. A solo user switches to team49 with a team name
 * and lands in the new team. Every billing screen is screenshotted and checked with axe.
 */
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { logIn } from './review-fixtures'
import { fixtures, joinTeamByInvite, shot, signUpByApi, uniqueEmail } from './support'

const DAY = 24 * 60 * 60 * 1000

/**
 * WCAG 2.1 A/AA checks: no serious or critical violation on the screen as it is now. With a dialog open
 * only the dialog is checked: the page behind it is inert and dimmed by the overlay on purpose.
 */
async function expectAccessible(page: Page, where: string) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  if (await page.getByRole('dialog').count()) axe = axe.include('[role="dialog"]')
  const result = await axe.analyze()
  const bad = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(bad, where).toEqual([])
}

async function moveClock(request: APIRequestContext, body: { advanceMs: number } | { at: string }) {
  const response = await request.post('/api/v1/dev/clock', { data: body })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { now: string }).now
}

/** Everything the remote asked the network for under /mf/billing/ (its manifest, entry and chunks). */
function billingRequests(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/mf/billing/')),
  )
}

test.describe('billing', () => {
  let realNow: string | null = null

  test.afterAll(async ({ playwright, baseURL }) => {
    // Later specs run on the same server: give it back today's date.
    if (!realNow) return
    const request = await playwright.request.newContext({ baseURL })
    await moveClock(request, { at: new Date().toISOString() })
    await request.dispose()
  })

  test('trial ends: read-only with the trial-expired dialog; a card opens everything again without a reload', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await signUpByApi(page.request, {
      email: uniqueEmail('trial'),
      name: 'Tess Trial',
      teamName: 'Trial Studio',
      plan: 'team49',
    })
    const created = await page.request.post('/api/v1/canvases', {
      data: { type: 'website', title: 'Launch page', localUrl: 'https://example.com/' },
    })
    expect(created.status()).toBeLessThan(300)

    // Before the trial ends the dashboard downloads nothing of the billing remote.
    await page.goto('/dashboard')
    await expect(page.getByRole('link', { name: 'Launch page', exact: true })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await billingRequests(page)).toEqual([])

    // 14 days of trial and the 2-hour grace period later.
    realNow = new Date().toISOString()
    await moveClock(page.request, { advanceMs: 15 * DAY })

    await page.goto('/dashboard')
    const dialog = page.getByRole('dialog', { name: 'Your free trial has ended' })
    await expect(dialog).toBeVisible()
    await expect(page.getByText('Read-only', { exact: true })).toBeVisible()
    await shot(page, 'billing-trial-expired-dialog')
    await expectAccessible(page, 'trial-expired dialog')

    // A second tab stays on the dashboard: it must open up without a reload once the card is paid.
    const other = await context.newPage()
    await other.goto('/dashboard')
    await other.getByRole('button', { name: 'Not now' }).click()
    await expect(other.getByTestId('read-only-banner')).toBeVisible()
    await expect(other.getByText('Read-only', { exact: true })).toBeVisible()
    await other.evaluate(() => Object.assign(window, { samePage: true }))

    // The dialog leads straight to the card form.
    await dialog.getByRole('button', { name: 'Add a card' }).click()
    await expect(page).toHaveURL(/\/billing\?add-card=1$/)
    const card = page.getByRole('dialog', { name: 'Add a card' })
    await expect(card).toBeVisible()
    await expect(page.getByTestId('billing-inactive')).toBeVisible()

    // A number that is not a test card is refused before any call.
    await card.getByLabel('Card number').fill('4111 1111 1111 1111')
    await card.getByLabel('Expiry (MM/YY)').fill('12/34')
    await card.getByLabel('Security code').fill('123')
    await card.getByRole('button', { name: 'Save card' }).click()
    await expect(card.getByText('Use a test card number')).toBeVisible()

    // A declined card: the server's 402 message.
    await card.getByLabel('Card number').fill('4000 0000 0000 0002')
    await card.getByRole('button', { name: 'Save card' }).click()
    await expect(card.getByTestId('billing-error')).toHaveText('Your card was declined.')
    await shot(page, 'billing-card-declined')
    await expectAccessible(page, 'card dialog with a decline')

    await card.getByLabel('Card number').fill('4242 4242 4242 4242')
    await card.getByRole('button', { name: 'Save card' }).click()
    await expect(card).toHaveCount(0)
    await expect(page.getByTestId('billing-card-summary')).toContainText('Visa ending in 4242')
    await expect(page.getByTestId('billing-inactive')).toHaveCount(0)

    // The other tab: writable again, same page (no reload).
    await expect(other.getByTestId('read-only-banner')).toHaveCount(0)
    await expect(other.getByText('Read-only', { exact: true })).toHaveCount(0)
    expect(await other.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
    await other.close()

    // A coupon: an unknown code is refused, the seeded one applies.
    const coupon = page.getByTestId('billing-coupon')
    await coupon.getByLabel('Coupon code').fill('NOPE-NOT-A-CODE')
    await coupon.getByRole('button', { name: 'Apply' }).click()
    await expect(coupon.getByText(/This coupon (is not valid|has expired)/)).toBeVisible()
    await coupon.getByLabel('Coupon code').fill(fixtures().coupon.toLowerCase())
    await coupon.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('billing-coupon-applied')).toContainText('20% off for 3 months')

    // Billing e-mail and receipts.
    const email = page.getByTestId('billing-email')
    await email.getByLabel('Billing e-mail').fill('accounts@trial.e2e.test')
    await email.getByRole('switch', { name: 'E-mail a receipt after each payment' }).click()
    await email.getByRole('button', { name: 'Save' }).click()
    await expect(email.getByRole('status')).toHaveText('Saved')
    await shot(page, 'billing-overview', true)
    await expectAccessible(page, 'billing overview')

    // The first payment made an invoice: its page prints as a document.
    const invoices = page.getByTestId('billing-invoices')
    const first = invoices.getByRole('link').first()
    await expect(first).toHaveText(/^PP-/)
    const number = await first.textContent()
    await first.click()
    await expect(page).toHaveURL(/\/billing\/invoices\/[^/]+$/)
    await expect(page.getByTestId('invoice-number')).toHaveText(number ?? '')
    await expect(page.getByTestId('invoice-total')).toHaveText(/\$\d/)
    await shot(page, 'billing-invoice', true)
    await expectAccessible(page, 'invoice page')
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await expect(page.getByTestId('invoice-total')).toBeVisible()
    await shot(page, 'billing-invoice-print', true)
    await page.emulateMedia({ media: 'screen' })

    // Cancel with the offboarding survey.
    await page.getByRole('link', { name: 'Back to billing' }).click()
    await page.getByTestId('billing-cancel').getByRole('button', { name: 'Cancel subscription' }).click()
    const survey = page.getByRole('dialog', { name: 'Cancel your subscription?' })
    await survey.getByRole('button', { name: 'Cancel subscription' }).click()
    await expect(survey.getByText('Choose a reason.')).toBeVisible()
    await survey.getByLabel('We moved to another tool').check()
    await survey.getByLabel('Anything else? (optional)').fill('We merged with a studio that uses its own.')
    await shot(page, 'billing-cancel-survey')
    await expectAccessible(page, 'cancel survey')
    await survey.getByRole('button', { name: 'Cancel subscription' }).click()
    await expect(survey).toHaveCount(0)
    await expect(page.getByTestId('billing-cancel-scheduled')).toContainText('Cancelled.')
    const saved = await page.request.get('/api/v1/sessions/me')
    expect(
      ((await saved.json()) as { user: { offboardingSurvey?: unknown } }).user.offboardingSurvey,
    ).toMatchObject({
      reason: 'We moved to another tool',
    })
  })

  test('a solo user switches to the team plan with a team name and lands in the new team (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signUpByApi(page.request, { email: uniqueEmail('solo'), name: 'Sol Solo', plan: 'individual19' })
    await page.goto('/settings/team')
    await page.getByRole('link', { name: 'Choose a team plan' }).click()
    await expect(page).toHaveURL(/\/billing\/plans$/)
    const team = page.getByTestId('plan-team49')
    await expect(team).toContainText('A team with members and invites')
    // Names and features, never amounts.
    await expect(page.getByTestId('plan-selection')).not.toContainText('$')
    await shot(page, 'billing-plans-390', true)
    await expectAccessible(page, 'plan selection')

    await team.getByRole('button', { name: 'Choose Team' }).click()
    const dialog = page.getByRole('dialog', { name: 'Switch to Team?' })
    await dialog.getByRole('button', { name: 'Switch to Team' }).click()
    await expect(dialog.getByText('Name your team.')).toBeVisible()
    await dialog.getByLabel('Team name').fill('Moonshot Studio')
    await shot(page, 'billing-switch-team-name-390')
    await dialog.getByLabel('Team name').press('Enter')
    const success = page.getByTestId('plan-switch-success')
    await expect(success).toContainText('You are on Team')
    await expect(success).toContainText('Moonshot Studio')
    await shot(page, 'billing-switch-success-390')
    await expectAccessible(page, 'switch success')
    await success.getByRole('link', { name: 'Open your team' }).click()
    await expect(page).toHaveURL(/\/settings\/team$/)
    await expect(page.getByRole('heading', { name: 'Moonshot Studio' })).toBeVisible()
  })

  test('billing screens by keyboard; the API token on an enterprise plan; visitors who are not members never load billing', async ({
    page,
  }) => {
    const owner = fixtures().betaOwner
    await logIn(page.request, owner.email, owner.password)
    await page.goto('/billing')
    await expect(page.getByTestId('billing-plan-name')).toHaveText('Enterprise')
    const token = page.getByTestId('billing-api-token')
    await token.getByRole('button', { name: 'Create token' }).focus()
    await page.keyboard.press('Enter')
    await expect(token.getByLabel(/Your new token/)).toHaveValue(/.{20,}/)
    await shot(page, 'billing-enterprise', true)
    await expectAccessible(page, 'enterprise billing')

    // Keyboard: Change plan is reachable and opens plan selection.
    await page.getByRole('link', { name: 'Change plan' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/billing\/plans$/)

    // Signed out (as a guest, who counts as not logged in), /billing sends the visitor away before the
    // billing remote is downloaded.
    await page.request.delete('/api/v1/sessions')
    await page.goto('/billing')
    await expect(page).not.toHaveURL(/\/billing/)
    expect(await billingRequests(page)).toEqual([])
  })

  test('a team member who may not view billing is told who to ask: the owner, by name', async ({
    page,
    browser,
  }) => {
    const { user } = await signUpByApi(page.request, {
      email: uniqueEmail('owner'),
      name: 'Olive Owner',
      teamName: 'Ask Studio',
      plan: 'team49',
    })
    const context = await browser.newContext()
    const member = await context.newPage()
    await joinTeamByInvite(page.request, user.TeamId ?? '', member.request, {
      email: uniqueEmail('member'),
      name: 'Max Member',
    })
    await member.goto('/billing')
    const ask = member.getByTestId('billing-ask-owner')
    await expect(ask).toContainText('Olive Owner')
    await expect(ask).toContainText('Ask Studio')
    // Their own billing calls are refused by the server too (SPEC 6).
    expect((await member.request.get('/api/v1/users/me/customer/billing-data')).status()).toBe(403)
    await shot(member, 'billing-member-ask-owner')
    await expectAccessible(member, 'member billing')
    await context.close()
  })
})
