/**
 * Single sign-on end to end (issue 12, item 3) against a real OpenID Connect provider (oidc-provider,
 * started in this process on E2E_PORT + 50, allowed through SSO_ALLOW_HOSTS): the owner of an enterprise
 * team sets SSO up in the settings dialog and tests the connection; someone@acme.test types their address
 * on the login page, is routed to the provider, signs in there and lands on the dashboard as a member of
 * the team. A callback with a state this browser does not hold is refused, with the reason on the login
 * page and no session.
 */
import { type Browser, expect, type Page, test } from '@playwright/test'
import { startTestIdp, type TestIdp } from '../server/src/testing/oidc-provider'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { logIn } from './review-fixtures'
import { linkFromOutbox, PASSWORD, shot, signUpByApi, uniqueEmail } from './support'

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
const BASE = `http://localhost:${E2E_PORT}`
const CLIENT_ID = 'pinpoint-e2e'
const CLIENT_SECRET = 'e2e-client-secret-0123456789'
// E-mail domains are unique across teams: a retry (a new worker) sets SSO up again in a new team, so
// each try claims a domain of its own.
const DOMAIN = `acme-${Date.now().toString(36)}.test`
const SOMEONE = { email: `someone@${DOMAIN}`, password: 'idp-password-42', name: 'Someone Acme' }

let idp: TestIdp
let teamId = ''
let ownerEmail = ''

test.beforeAll(async () => {
  idp = await startTestIdp({
    port: E2E_PORT + 50,
    clients: [
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`${BASE}/api/v1/sso/callback`] },
    ],
    users: [SOMEONE, { email: `forged@${DOMAIN}`, password: 'idp-password-43', name: 'Forged State' }],
  })
})

test.afterAll(async () => {
  await idp?.close()
})

/** From the login page to the provider's sign-in page, as a person does it. */
async function routeToProvider(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Work e-mail').fill(email)
  await page.keyboard.press('Tab')
  const notice = page.getByTestId('sso-notice')
  await expect(notice).toContainText(`${DOMAIN} signs in with single sign-on`)
  return notice
}

async function signInAtProvider(page: Page, credentials: { email: string; password: string }) {
  await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(idp.issuer)
  await page.getByLabel('E-mail').fill(credentials.email)
  await page.getByLabel('Password').fill(credentials.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

// The tests build on each other (the owner's setup, then the logins): one after the other.
test.describe.configure({ mode: 'serial' })

test('the enterprise owner sets up SSO in the settings dialog and tests the connection', async ({ page }) => {
  ownerEmail = uniqueEmail('sso-owner')
  const owner = await signUpByApi(page.request, {
    email: ownerEmail,
    name: 'Olive Owner',
    teamName: 'Acme',
    plan: 'enterprise35peruser',
  })
  teamId = owner.user.TeamId ?? ''
  await page.goto('/settings/team')
  await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible()
  await page.getByRole('button', { name: 'Set up single sign-on' }).click()
  const dialog = page.getByRole('dialog', { name: 'Single sign-on' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Redirect URI to register at your provider')).toHaveValue(
    `${BASE}/api/v1/sso/callback`,
  )
  await dialog.getByLabel('Issuer URL').fill(idp.issuer)
  await dialog.getByRole('button', { name: 'Test connection' }).click()
  await expect(dialog.getByTestId('sso-test-result')).toContainText(`Connected to ${idp.issuer}`)
  await dialog.getByLabel('Client ID').fill(CLIENT_ID)
  await dialog.getByLabel('Client secret').fill(CLIENT_SECRET)
  await dialog.getByLabel('E-mail domains').fill(DOMAIN)
  await dialog.getByLabel('Turn on single sign-on').check()
  await expectNoSeriousAxe(page, 'SSO settings dialog')
  await shot(page, 'sso-settings-dialog')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Single sign-on settings saved')).toBeVisible()
  await expect(page.getByTestId('sso-status')).toContainText('On')
  await expect(page.getByTestId('sso-status')).toContainText(DOMAIN)
  // The secret never comes back to the browser.
  const settings = await (await page.request.get(`/api/v1/teams/${teamId}/sso-settings`)).text()
  expect(settings).not.toContain(CLIENT_SECRET)
  await shot(page, 'sso-settings-card')
})

test('someone@acme.test is routed to the provider, signs in there and lands on the dashboard as a member', async ({
  page,
}) => {
  expect(teamId).not.toBe('')
  const notice = await routeToProvider(page, SOMEONE.email)
  await expectNoSeriousAxe(page, 'login page with the SSO route')
  await shot(page, 'sso-login-routed')
  await notice.getByRole('link', { name: 'Continue with single sign-on' }).click()
  await signInAtProvider(page, SOMEONE)
  await page.waitForURL(`${BASE}/dashboard`)
  await expect(page.getByRole('heading', { name: 'All canvases' })).toBeVisible()
  const me = await (await page.request.get('/api/v1/sessions/me')).json()
  expect(me.user).toMatchObject({
    email: SOMEONE.email,
    name: SOMEONE.name,
    TeamId: teamId,
    isGuest: false,
  })
  await shot(page, 'sso-dashboard')
})

test('a callback whose state is not the one this browser holds is refused: the login page says why, nobody is signed in', async ({
  page,
}) => {
  // Two tabs: the second login started replaces the browser's flow cookie, so the first tab's callback
  // comes back with a state this browser no longer expects (a wrong state, as a forged one would be).
  const first = await routeToProvider(page, `forged@${DOMAIN}`)
  await first.getByRole('link', { name: 'Continue with single sign-on' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
  const second = await page.context().newPage()
  const secondNotice = await routeToProvider(second, `forged@${DOMAIN}`)
  await secondNotice.getByRole('link', { name: 'Continue with single sign-on' }).click()
  await expect(second.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
  await signInAtProvider(page, { email: `forged@${DOMAIN}`, password: 'idp-password-43' })
  await page.waitForURL(`${BASE}/login?ssoError=state`)
  await expect(page.getByRole('alert')).toContainText('could not be matched to this browser')
  expect((await page.request.get('/api/v1/sessions/me')).status()).toBe(401)
  await expectNoSeriousAxe(page, 'login page after a refused SSO login')
  await shot(page, 'sso-refused-state')
  await second.close()
})

test('on a phone the owner makes SSO required; the login page then hides the password for the domain', async ({
  browser,
}) => {
  const { page, close } = await phonePage(browser)
  await logIn(page.request, ownerEmail, PASSWORD)
  await page.goto('/settings/team')
  await page.getByRole('button', { name: 'Edit single sign-on' }).tap()
  const dialog = page.getByRole('dialog', { name: 'Single sign-on' })
  await expect(dialog.getByText('A secret is stored (encrypted). Leave this empty to keep it.')).toBeVisible()
  await dialog.getByLabel(/Require it/).check()
  await expectNoSidewaysScroll(page)
  await expectNoSeriousAxe(page, 'SSO settings dialog (phone)')
  await shot(page, 'sso-settings-dialog-phone')
  await dialog.getByRole('button', { name: 'Save' }).tap()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('sso-status')).toContainText('Required')
  await page.context().clearCookies()
  const notice = await routeToProvider(page, SOMEONE.email)
  await expect(notice).toContainText('Your team does not use passwords here.')
  await expect(page.getByLabel('Password')).toHaveCount(0)
  await close()
})

test('with SSO required, a password reset of a member sets no session and leads on to single sign-on', async ({
  page,
}) => {
  await page.request.post('/api/v1/password-resets', { data: { email: SOMEONE.email } })
  const reset = await linkFromOutbox(
    page.request,
    SOMEONE.email,
    /reset/i,
    /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/,
  )
  await page.goto(new URL(reset).pathname + new URL(reset).search)
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await page.getByLabel('Repeat new password').fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toContainText('Your team signs in with single sign-on.')
  expect((await page.request.get('/api/v1/sessions/me')).status()).toBe(401)
  await expectNoSeriousAxe(page, 'password reset refused for an SSO-only member')
  await shot(page, 'sso-required-reset')
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click()
  await signInAtProvider(page, SOMEONE)
  await page.waitForURL(`${BASE}/dashboard`)
})

test('on a phone the login route and the provider round trip work by touch', async ({ browser }) => {
  const { page, close } = await phonePage(browser)
  const notice = await routeToProvider(page, SOMEONE.email)
  await expectNoSidewaysScroll(page)
  await expectNoSeriousAxe(page, 'login page with the SSO route (phone)')
  await shot(page, 'sso-login-routed-phone')
  await notice.getByRole('link', { name: 'Continue with single sign-on' }).tap()
  await signInAtProvider(page, SOMEONE)
  await page.waitForURL(`${BASE}/dashboard`)
  await close()
})

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE })
  const page = await context.newPage()
  return { page, close: () => context.close() }
}
