/**
 * Staff tools (decision 043): a staff member finds a customer, turns e-mail review on for their team,
 * impersonates them (a banner on every page says whose account this is), and stops; the audit log shows
 * it. Desktop by keyboard, and on a phone by touch; axe on the staff page and with the banner.
 */
import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { fixtures, shot, signUpByApi, uniqueEmail } from './support'

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Work e-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
}

/** A customer with a team of their own, signed up in a context of its own. */
async function customer(browser: Browser, name: string) {
  const context = await browser.newContext()
  const email = uniqueEmail('customer')
  const { user } = await signUpByApi(context.request, {
    email,
    name,
    teamName: `${name}’s studio`,
    plan: 'enterprise35peruser',
  })
  await context.close()
  return { email, id: user.id }
}

test.describe('staff tools', () => {
  test('find a customer, turn e-mail review on, impersonate them and stop, by keyboard', async ({
    page,
    browser,
  }) => {
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    const target = await customer(browser, 'Cora Customer')
    const { staff } = fixtures()
    await logIn(page, staff.email, staff.password)

    await page.getByTestId('header-user').click()
    await page.getByRole('menuitem', { name: 'Staff tools' }).click()
    await expect(page.getByRole('heading', { name: 'Staff tools' })).toBeVisible()

    const search = page.getByLabel('E-mail, name or user id')
    await search.fill(target.email)
    await search.press('Enter')
    const row = page.getByTestId('staff-account').filter({ hasText: target.email })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Cora Customer’s studio')

    const emailReview = row.getByRole('switch', { name: 'E-mail review for Cora Customer' })
    await expect(emailReview).toHaveAttribute('aria-checked', 'false')
    await emailReview.focus()
    await page.keyboard.press('Space')
    await expect(page.getByText('E-mail review is on for the team Cora Customer’s studio')).toBeVisible()
    await expect(emailReview).toHaveAttribute('aria-checked', 'true')
    await shot(page, 'staff-tools-search')
    await expectNoSeriousAxe(page, 'staff tools')

    const impersonate = row.getByRole('button', { name: 'Impersonate Cora Customer' })
    await impersonate.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard/)
    const banner = page.getByRole('region', { name: 'Impersonation' })
    await expect(banner).toContainText('You are acting as Cora Customer')
    await expect(banner).toContainText(target.email)
    await expect(page.getByTestId('header-user')).toContainText('Cora Customer')
    // The flag staff just turned on reaches the customer's dashboard: the e-mail type is offered.
    await page.getByRole('button', { name: 'New canvas' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'New canvas' })
    await dialog.getByRole('tab', { name: 'E-mail' }).click()
    await expect(dialog.getByLabel('Upload an HTML file')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await shot(page, 'staff-impersonation-banner')
    await expectNoSeriousAxe(page, 'dashboard while impersonating')

    // The banner stays on the other pages of the shell, the review screen too. The call acts as the
    // customer, as everything does while impersonating.
    const created = await page.request.post('/api/v1/canvases', {
      data: { type: 'design', title: 'Cora’s flyer' },
    })
    expect(created.status(), await created.text()).toBe(200)
    const { canvas } = (await created.json()) as { canvas: { subdomain: string; UserId: string } }
    expect(canvas.UserId).toBe(target.id)
    await page.goto(`/link/${canvas.subdomain}/`)
    await expect(page.getByTestId('review-top-bar')).toBeVisible()
    await expect(banner).toContainText('You are acting as Cora Customer')
    await page.goto('/settings')
    await expect(banner).toBeVisible()

    // Keyboard: the stop button is reachable by Tab from the top of the page.
    await page.keyboard.press('Tab')
    let reached = false
    for (let step = 0; step < 5 && !reached; step++) {
      reached = await banner
        .getByRole('button', { name: 'Stop impersonating' })
        .evaluate((b) => b === document.activeElement)
      if (!reached) await page.keyboard.press('Tab')
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/staff$/)
    await expect(banner).toHaveCount(0)
    await expect(page.getByTestId('header-user')).toContainText('Sam Staff')
    const log = page.getByTestId('impersonation-log')
    await expect(log.locator('li').first()).toContainText(
      `${staff.email} acted as Cora Customer (${target.email})`,
    )
    await expect(log.locator('li').first()).toContainText('stopped')
    await shot(page, 'staff-impersonation-log')
    expect(pageErrors).toEqual([])
  })

  test('on a phone: the banner fits, names the customer, and its stop button works by touch', async ({
    browser,
  }) => {
    const target = await customer(browser, 'Pia Phone')
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    const { staff } = fixtures()
    await logIn(page, staff.email, staff.password)
    await page.goto('/staff')
    await page.getByLabel('E-mail, name or user id').fill(target.email)
    await page.getByRole('button', { name: 'Search' }).tap()
    const row = page.getByTestId('staff-account').filter({ hasText: target.email })
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxe(page, 'staff tools on a phone')
    await row.getByRole('button', { name: 'Impersonate Pia Phone' }).tap()
    const banner = page.getByRole('region', { name: 'Impersonation' })
    await expect(banner).toContainText('You are acting as Pia Phone')
    await expect(banner.getByRole('button', { name: 'Stop impersonating' })).toBeInViewport()
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxe(page, 'dashboard while impersonating, on a phone')
    await shot(page, 'staff-impersonation-banner-phone')
    // Scrolled down a long page, the banner and the app's header both stay, one below the other.
    await page.goto('/settings')
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const bannerBox = await banner.boundingBox()
    const headerBox = await page.locator('header').first().boundingBox()
    expect(bannerBox?.y).toBe(0)
    expect(Math.abs((headerBox?.y ?? 0) - ((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0)))).toBeLessThan(2)
    await expect(page.getByTestId('header-user')).toBeInViewport()
    await banner.getByRole('button', { name: 'Stop impersonating' }).tap()
    await expect(page).toHaveURL(/\/staff$/)
    await expect(banner).toHaveCount(0)
    await context.close()
  })

  test('someone who is not staff finds nothing to use on /staff', async ({ page }) => {
    const email = uniqueEmail('curious')
    await signUpByApi(page.request, { email, name: 'Curious Cat' })
    await page.goto('/staff')
    await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible()
    await expect(page.getByLabel('E-mail, name or user id')).toHaveCount(0)
    expect((await page.request.get('/api/v1/staff/users?query=e2e')).status()).toBe(403)
    await page.getByTestId('header-user').click()
    await expect(page.getByRole('menuitem', { name: 'Staff tools' })).toHaveCount(0)
  })
})
