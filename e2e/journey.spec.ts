import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { DashboardPage } from './pages/dashboard-page'
import { fixtures, inviteLinkFromOutbox, ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const CORPUS = join(import.meta.dirname, '..', 'fixtures')

/** A design to upload: rendered by the browser itself, so the test ships no binary. */
async function designPng(page: Page): Promise<Buffer> {
  const render = await page.context().newPage()
  await render.setViewportSize({ width: 960, height: 600 })
  await render.setContent(
    `<body style="margin:0;font:600 44px system-ui;background:linear-gradient(135deg,#6d5efc,#22d3ee);color:white;display:grid;place-items:center;height:100vh">Homepage mockup</body>`,
  )
  const png = await render.screenshot()
  await render.close()
  return png
}

test.describe('team owner journey', () => {
  test.setTimeout(240_000)

  test('sign up with a team, log out and in, a project with every canvas type, move with Undo, rename, archive, invite, guest', async ({
    page,
    browser,
  }) => {
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    const email = uniqueEmail('ada')
    const dashboard = new DashboardPage(page)

    await test.step('sign up with a team', async () => {
      // From the pricing page's team plan: the plan starts as a 14-day trial.
      await page.goto('/signup?plan=team49')
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
      await shot(page, '01-signup')
      await page.getByLabel('Full name').fill('Ada Lovelace')
      await page.getByLabel('Work e-mail').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByLabel('Team name').fill('Analytical Engines')
      await page.getByRole('button', { name: 'Create account' }).click()
      await expect(page).toHaveURL(/\/dashboard/)
      await expect(dashboard.heading).toHaveText('All canvases')
      await expect(page.getByText('Create your first canvas')).toBeVisible()
      await shot(page, '02-dashboard-empty')
    })

    await test.step('log out, then log in', async () => {
      await page.getByTestId('header-user').click()
      await page.getByRole('menuitem', { name: 'Sign out' }).click()
      await expect(page).toHaveURL(/\/login/)
      await expect(page.getByTestId('header-user')).toHaveCount(0)
      // The page guard: the dashboard now needs a login.
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/login/)
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
      await shot(page, '03-login')
      await page.getByLabel('Work e-mail').fill(email)
      await page.getByLabel('Password').fill('wrong password')
      await page.getByRole('button', { name: 'Log in' }).click()
      await expect(page.getByRole('alert')).toBeVisible()
      await shot(page, '04-login-error')
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Log in' }).click()
      await expect(dashboard.heading).toBeVisible()
      await expect(page.getByTestId('header-user')).toContainText('Ada Lovelace')
    })

    await test.step('create projects', async () => {
      await dashboard.createFolder('Ideas')
      await dashboard.createFolder('Client work')
      await expect(dashboard.heading).toHaveText('Client work')
      await expect(page.getByText('This project is empty')).toBeVisible()
    })

    await test.step('a website canvas', async () => {
      const dialog = await dashboard.openNewCanvas('Website')
      await dialog.getByLabel('Website address').fill('https://example.com/pricing')
      await dialog.getByLabel('Title').fill('Pricing page')
      await shot(page, '05-new-canvas-website')
      await dialog.getByRole('button', { name: 'Create canvas' }).click()
      await expect(dialog).toBeHidden()
      await expect(dashboard.card('Pricing page')).toBeVisible()
      await expect(dashboard.folderCount('Client work')).toHaveText('1')
    })

    await test.step('an image design canvas', async () => {
      const dialog = await dashboard.openNewCanvas('Images & PDF')
      await dialog
        .getByLabel('Choose images or PDFs')
        .setInputFiles({ name: 'homepage.png', mimeType: 'image/png', buffer: await designPng(page) })
      await expect(dialog.getByText('homepage.png')).toBeVisible()
      await dialog.getByLabel('Title').fill('Homepage mockup')
      await shot(page, '06-new-canvas-images')
      await dialog.getByRole('button', { name: 'Create canvas' }).click()
      await expect(dialog).toBeHidden()
      await expect(dashboard.card('Homepage mockup')).toBeVisible()
      await expect(dashboard.card('Homepage mockup').locator('img')).toBeVisible()
    })

    await test.step('a PDF canvas', async () => {
      const dialog = await dashboard.openNewCanvas('Images & PDF')
      await dialog
        .getByLabel('Choose images or PDFs')
        .setInputFiles(join(CORPUS, 'pdfs', 'pdflatex-4-pages.pdf'))
      await dialog.getByLabel('Title').fill('Brand guidelines')
      await dialog.getByRole('button', { name: 'Create canvas' }).click()
      await expect(dialog).toBeHidden()
      await expect(dashboard.card('Brand guidelines')).toBeVisible()
    })

    await test.step('a video canvas, uploaded with tus and a real progress bar', async () => {
      const dialog = await dashboard.openNewCanvas('Video')
      await dialog.getByLabel('Choose a video').setInputFiles(join(CORPUS, 'videos', 'testsrc-720p-12s.mp4'))
      await dialog.getByLabel('Title').fill('Product teaser')
      await dialog.getByRole('button', { name: 'Create canvas' }).click()
      await expect(dashboard.card('Product teaser')).toBeVisible()
      const row = page.getByTestId('upload-row').filter({ hasText: 'testsrc-720p-12s.mp4' })
      await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 })
      await expect(page.getByRole('region', { name: 'Uploads' })).toContainText('Uploads complete')
      await shot(page, '07-dashboard-with-uploads')
    })

    await test.step('e-mail canvases are a beta for teams: the gate is explained', async () => {
      // Explained before anything is sent (the server refuses it too: canvases.test.ts, staff.test.ts).
      const dialog = await dashboard.openNewCanvas('E-mail')
      await expect(dialog.getByTestId('email-review-unavailable')).toContainText('beta')
      await expect(dialog.getByLabel('…or paste the HTML')).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: 'Create canvas' })).toBeDisabled()
      await shot(page, '08-email-beta-gate')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
    })

    await test.step('four canvases in the project; live counts', async () => {
      await expect(page.getByTestId('canvas-card')).toHaveCount(4)
      await expect(dashboard.folderCount('Client work')).toHaveText('4')
      await dashboard.folder('All canvases').click()
      await expect(dashboard.heading).toHaveText('All canvases')
      await shot(page, '09-dashboard-all')
    })

    await test.step('remove from a project and move to another, each with a working Undo', async () => {
      const menu = await dashboard.cardMenu('Pricing page')
      await menu.getByRole('menuitem', { name: 'Remove from project' }).click()
      const removed = dashboard.toast('Removed from Client work project')
      await expect(removed).toBeVisible()
      await expect(dashboard.folderCount('Client work')).toHaveText('3')
      await shot(page, '10-toast-removed-with-undo')
      await removed.getByRole('button', { name: 'Undo' }).click()
      await expect(dashboard.folderCount('Client work')).toHaveText('4')

      const menu2 = await dashboard.cardMenu('Pricing page')
      await menu2.getByRole('menuitem', { name: 'Move to project' }).hover()
      await page.getByRole('menuitem', { name: 'Ideas' }).click()
      const moved = dashboard.toast('Moved to Ideas')
      await expect(moved).toBeVisible()
      await expect(dashboard.folderCount('Ideas')).toHaveText('1')
      await expect(dashboard.folderCount('Client work')).toHaveText('3')
      await moved.getByRole('button', { name: 'Undo' }).click()
      await expect(dashboard.folderCount('Ideas')).toHaveText('0')
      await expect(dashboard.folderCount('Client work')).toHaveText('4')
      await dashboard.folder('Client work').click()
      await expect(dashboard.card('Pricing page')).toBeVisible()
      await dashboard.folder('All canvases').click()
    })

    await test.step('rename', async () => {
      const menu = await dashboard.cardMenu('Pricing page')
      await menu.getByRole('menuitem', { name: 'Rename' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit canvas' })
      await dialog.getByLabel('Title').fill('Pricing page v2')
      await shot(page, '11-edit-canvas')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dashboard.card('Pricing page v2')).toBeVisible()
    })

    await test.step('archive and unarchive', async () => {
      const menu = await dashboard.cardMenu('Homepage mockup')
      await menu.getByRole('menuitem', { name: 'Archive' }).click()
      await expect(dashboard.card('Homepage mockup')).toHaveCount(0)
      await expect(dashboard.folderCount('Client work')).toHaveText('3')
      await dashboard.sidebar.getByRole('button', { name: /Archived/ }).click()
      await expect(dashboard.heading).toHaveText('Archived')
      await expect(dashboard.card('Homepage mockup')).toBeVisible()
      await shot(page, '12-archived')
      const archivedMenu = await dashboard.cardMenu('Homepage mockup')
      await archivedMenu.getByRole('menuitem', { name: 'Unarchive' }).click()
      await expect(dashboard.card('Homepage mockup')).toHaveCount(0)
      await dashboard.folder('All canvases').click()
      await expect(dashboard.card('Homepage mockup')).toBeVisible()
      await expect(dashboard.folderCount('Client work')).toHaveText('4')
    })

    await test.step('share dialog', async () => {
      const menu = await dashboard.cardMenu('Brand guidelines')
      await menu.getByRole('menuitem', { name: 'Share' }).click()
      const dialog = page.getByRole('dialog', { name: 'Share “Brand guidelines”' })
      await expect(dialog.getByTestId('share-link')).toContainText('/link/')
      await shot(page, '13-share-dialog')
      await dialog.getByLabel('Invite by e-mail').fill('client@example.com; client@example.com')
      await dialog.getByRole('button', { name: 'Send invite' }).click()
      await expect(dashboard.toast('Invite(s) sent to client@example.com')).toBeVisible()
      await expect(dialog).toBeHidden()
    })

    const feedbackHref = await dashboard
      .card('Brand guidelines')
      .getByRole('link')
      .first()
      .getAttribute('href')
    expect(feedbackHref).toMatch(/^\/link\/[^/]+\/$/)

    const teammate = uniqueEmail('grace')
    await test.step('invite a teammate', async () => {
      await page.goto('/settings/team')
      await expect(page.getByRole('heading', { name: 'Analytical Engines' })).toBeVisible()
      await page.getByLabel('E-mail addresses').fill(teammate)
      await page.getByRole('button', { name: 'Send invites' }).click()
      await expect(dashboard.toast(`Invite(s) sent to ${teammate}`)).toBeVisible()
      await expect(page.getByTestId('team-invites')).toContainText(teammate)
      await shot(page, '14-team-settings')
    })

    await test.step('the teammate accepts from the e-mailed link', async () => {
      const link = await inviteLinkFromOutbox(page.request, teammate)
      const context = await browser.newContext()
      const invitee = await context.newPage()
      await invitee.goto(new URL(link).pathname + new URL(link).search)
      await expect(invitee.getByRole('heading', { name: 'Join Analytical Engines' })).toBeVisible()
      await expect(invitee.getByLabel('Work e-mail')).toHaveValue(teammate)
      await shot(invitee, '15-signup-from-invite')
      await invitee.getByLabel('Full name').fill('Grace Hopper')
      await invitee.getByLabel('Password').fill(PASSWORD)
      await invitee.getByRole('button', { name: 'Accept invite and sign up' }).click()
      await expect(invitee).toHaveURL(/\/dashboard/)
      // A member of the team sees the team's canvases and projects.
      await expect(new DashboardPage(invitee).card('Pricing page v2')).toBeVisible()
      await invitee.goto('/settings/team')
      await expect(invitee.getByTestId('team-members')).toContainText('Ada Lovelace')
      await expect(invitee.getByTestId('team-members')).toContainText('Grace Hopper')
      await context.close()
      await page.reload()
      await expect(page.getByTestId('team-members')).toContainText('Grace Hopper')
    })

    await test.step('settings screens', async () => {
      await page.goto('/settings')
      await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
      await shot(page, '16-settings-profile')
      await page.getByRole('link', { name: 'Notifications' }).click()
      await page.getByRole('switch', { name: 'Replies' }).click()
      await expect(dashboard.toast('Notification settings saved')).toBeVisible()
      await shot(page, '17-settings-notifications')
      await page.getByRole('link', { name: 'Password' }).click()
      await shot(page, '18-settings-password')
      await page.getByRole('button', { name: 'Notifications' }).first().click()
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
      await shot(page, '19-notifications-panel')
      await page.keyboard.press('Escape')
    })

    await test.step('guest login from a feedback link', async () => {
      const context = await browser.newContext()
      const guest = await context.newPage()
      await guest.goto(`/guest?next=${encodeURIComponent(feedbackHref ?? '/')}`)
      await expect(guest.getByRole('heading', { name: 'Leave feedback as a guest' })).toBeVisible()
      await shot(guest, '20-guest-login')
      await guest.getByLabel('Your name').fill('Client Reviewer')
      await guest.getByLabel('E-mail').fill(uniqueEmail('client'))
      await guest.getByRole('button', { name: 'Continue as guest' }).click()
      await expect(guest).toHaveURL(new RegExp(`${feedbackHref}$`))
      await expect(guest.getByTestId('review-user')).toHaveText('Client Reviewer')
      // Guests count as logged out: the dashboard sends them to log in.
      await guest.goto('/dashboard')
      await expect(guest).toHaveURL(/\/login/)
      await context.close()
    })

    expect(pageErrors).toEqual([])
  })

  test('an e-mail canvas, for a team with the e-mail review beta', async ({ page }) => {
    const { betaOwner } = fixtures()
    await page.goto('/login')
    await page.getByLabel('Work e-mail').fill(betaOwner.email)
    await page.getByLabel('Password').fill(betaOwner.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dashboard = new DashboardPage(page)
    await expect(dashboard.heading).toBeVisible()
    const dialog = await dashboard.openNewCanvas('E-mail')
    await dialog
      .getByLabel('Upload an HTML file')
      .setInputFiles(join(CORPUS, 'emails', 'postmark-basic-welcome.html'))
    // The fixture team is shared by the whole run: a retry's card must not share its title with the
    // first try's (two cards would match).
    const title = `Journey welcome e-mail ${Date.now().toString(36)}`
    await dialog.getByLabel('Title').fill(title)
    await shot(page, '21-new-canvas-email')
    await dialog.getByRole('button', { name: 'Create canvas' }).click()
    await expect(dialog).toBeHidden()
    await expect(dashboard.card(title)).toBeVisible()
    await expect(dashboard.card(title)).toContainText('E-mail')
  })

  test('phone-sized screens (375 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 760 })
    await page.goto('/login')
    await shot(page, '22-mobile-login')
    const email = uniqueEmail('mobile')
    const response = await request.post('/api/v1/users', {
      headers: ownNetwork(),
      data: { email, name: 'Mo Bile', password: PASSWORD, teamName: 'Pocket' },
    })
    expect(response.status()).toBe(201)
    await page.getByLabel('Work e-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dashboard = new DashboardPage(page)
    await expect(dashboard.heading).toBeVisible()
    // No horizontal scrolling at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await shot(page, '23-mobile-dashboard')
    await dashboard.openNewCanvas('Website')
    await shot(page, '24-mobile-new-canvas')
    await page.keyboard.press('Escape')
    await page.goto('/settings/team')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await shot(page, '25-mobile-team')
  })
})
