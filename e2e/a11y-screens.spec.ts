/**
 * Every screen of the shell under axe-core and the tap-target rule, on the desktop and on the phone
 * profile (issue 19, "Accessibility as a habit"): login, sign-up, invite, password reset (asking and
 * choosing), each settings tab and billing. Each screen is photographed for a person to look at.
 */
import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, expectTapTargets, PHONE } from './a11y'
import { inviteLinkFromOutbox, linkFromOutbox, ownNetwork, shot, signUpByApi, uniqueEmail } from './support'

const PROFILES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: PHONE },
]

/** Audits the screen as it is now: axe, 24 px tap targets, nothing cut off sideways, a picture. */
async function audit(page: Page, screen: string) {
  await shot(page, `a11y-${screen}`)
  await expectNoSeriousAxe(page, screen, { soft: true })
  await expectTapTargets(page.locator('body'), screen, { soft: true })
  await expectNoSidewaysScroll(page)
}

async function open(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options)
  return { context, page: await context.newPage() }
}

for (const profile of PROFILES) {
  test(`signed-out screens on the ${profile.name}: login, sign-up, invite, password reset`, async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const { context, page } = await open(browser, profile.options)

    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await audit(page, `login-${profile.name}`)

    await page.goto('/signup')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // "I have an account" was 20 px high on a phone (issue 19 item 3): the tap-target check holds it.
    await audit(page, `signup-${profile.name}`)

    // Password reset: ask for the link, then open it from the outbox.
    const owner = await browser.newContext()
    const email = uniqueEmail(`reset-${profile.name}`)
    await signUpByApi(owner.request, { email, name: 'Rae Reset', teamName: 'Reset studio' })
    await page.goto('/forgot-password')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await audit(page, `forgot-password-${profile.name}`)
    await page.getByLabel(/e-mail/i).fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
    await audit(page, `forgot-password-sent-${profile.name}`)
    const reset = await linkFromOutbox(
      page.request,
      email,
      /reset/i,
      /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/,
    )
    await page.goto(new URL(reset).pathname + new URL(reset).search)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await audit(page, `reset-password-${profile.name}`)

    // An invite link opened by someone without an account: the sign-up with the team's name.
    const teammate = uniqueEmail(`invitee-${profile.name}`)
    const { user } = await signUpByApi(owner.request, {
      email: uniqueEmail('inviter'),
      name: 'Ivy Inviter',
      teamName: 'Invite studio',
    })
    const invited = await owner.request.post(`/api/v1/teams/${user.TeamId}/invites`, {
      headers: ownNetwork(),
      data: { emails: [teammate] },
    })
    expect(invited.status(), await invited.text()).toBeLessThan(300)
    const link = await inviteLinkFromOutbox(page.request, teammate)
    await page.goto(new URL(link).pathname + new URL(link).search)
    await expect(page.getByRole('heading', { name: 'Join Invite studio' })).toBeVisible()
    await audit(page, `invite-${profile.name}`)

    await owner.close()
    await context.close()
  })

  test(`settings tabs and billing on the ${profile.name}`, async ({ browser }) => {
    test.setTimeout(90_000)
    const { context, page } = await open(browser, profile.options)
    await signUpByApi(page.request, {
      email: uniqueEmail(`settings-${profile.name}`),
      name: 'Sam Settings',
      teamName: 'Settings studio',
    })
    const tabs: [string, RegExp][] = [
      ['/settings', /\/settings$/],
      ['/settings/notifications', /notifications/],
      ['/settings/security', /security/],
      ['/settings/team', /team/],
      ['/settings/labels', /labels/],
      ['/billing', /billing/],
    ]
    for (const [path, url] of tabs) {
      await page.goto(path)
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Lazily loaded sections settle before the audit (a spinner is not the screen).
      await expect(page.getByRole('progressbar')).toHaveCount(0)
      await page.waitForLoadState('networkidle')
      await audit(page, `${path.slice(1).replaceAll('/', '-')}-${profile.name}`)
    }
    await context.close()
  })
}
