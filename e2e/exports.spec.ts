/**
 * Exports journey (issue 11): a member connects a webhook and a (fake) Trello in Settings › Connected
 * accounts, sends the webhook a test event that the receiver verifies with the Standard Webhooks library,
 * exports three comments from the review screen's Trello panel, sees the per-comment results and the
 * Exported badges, and filters by them; a team49 owner sees the plan gate with the way to upgrade.
 * The fake Trello runs on E2E_PORT + 50 (playwright.config.ts points TRELLO_API_URL at it), the webhook
 * receiver on E2E_PORT + 51. Every new screen is checked with axe, on desktop and on a phone.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { createCanvas } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const TRELLO_PORT = PORT + 50
const HOOK_PORT = PORT + 51
const ROOT = join(import.meta.dirname, '..')

interface Received {
  headers: Record<string, string>
  body: string
}

test.describe('exports', () => {
  test.setTimeout(120_000)

  let trello: ChildProcess | null = null
  let receiver: Server | null = null
  const received: Received[] = []

  test.beforeAll(async () => {
    trello = spawn('bun', [join(ROOT, 'server/src/connectors/fake-main.ts'), 'trello', String(TRELLO_PORT)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      trello?.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve()
      })
      trello?.on('exit', (code) => reject(new Error(`fake Trello exited with ${code}`)))
    })
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body })
        response.writeHead(200, { 'content-type': 'text/plain' }).end('received')
      })
    })
    await new Promise<void>((resolve) => receiver?.listen(HOOK_PORT, '127.0.0.1', resolve))
  })

  test.afterAll(async () => {
    trello?.kill()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  test('connect a webhook and Trello, export three comments from the review panel, see results and badges', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const signup = await context.request.post('/api/v1/users', {
      headers: ownNetwork(),
      data: {
        email: uniqueEmail('erin'),
        name: 'Erin Exporter',
        password: PASSWORD,
        teamName: 'Export studio',
        plan: 'enterprise35peruser',
      },
    })
    expect(signup.status(), await signup.text()).toBe(201)
    const canvas = await createCanvas(context.request, { type: 'design', title: 'Brochure' })
    const upload = await context.request.post('/api/v1/canvas-assets', {
      multipart: {
        id: canvas.id,
        canvasAssetFile: {
          name: 'brochure.pdf',
          mimeType: 'application/pdf',
          buffer: readFileSync(join(ROOT, 'fixtures', 'pdfs', 'minimal-document.pdf')),
        },
      },
    })
    expect(upload.status(), await upload.text()).toBeLessThan(300)
    const asset = ((await upload.json()) as { canvasAsset: { id: string } }).canvasAsset
    const texts = [
      'Logo is blurry, use the SVG',
      'Headline: "Save 20 %" is wrong',
      'Footer colour 🎨 too light',
    ]
    for (const [index, comment] of texts.entries()) {
      const res = await context.request.post('/api/v1/annotations', {
        data: {
          CanvasId: canvas.id,
          CanvasAssetId: asset.id,
          canvasAssetPageIndex: 0,
          comment,
          x: 0.2 + index * 0.2,
          y: 0.3,
          metadata: { window: { width: 1280, height: 900 } },
        },
      })
      expect(res.status(), await res.text()).toBe(200)
    }

    // Settings › Connected accounts.
    await page.goto('/settings')
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Connected accounts' })
      .click()
    await expect(page).toHaveURL(/\/settings\/integrations$/)
    await expect(page.getByRole('heading', { name: 'Connected accounts' })).toBeVisible()
    await expectNoSeriousAxe(page, 'connected accounts, nothing connected')

    // A wrong token is refused with the tool's check; the right one connects.
    const trelloForm = page.getByRole('form', { name: 'Trello account' })
    await trelloForm.getByLabel('Trello token').fill('not-a-token')
    await trelloForm.getByRole('button', { name: 'Connect Trello' }).click()
    await expect(trelloForm.getByText('Trello did not accept these credentials.')).toBeVisible()
    await trelloForm.getByLabel('Trello token').fill('fake-trello-token')
    await trelloForm.getByRole('button', { name: 'Connect Trello' }).click()
    await expect(trelloForm.getByText('Connected as Ana Trello')).toBeVisible()

    // The webhook: its secret once, then a test event the receiver verifies.
    const hook = page.getByRole('form', { name: 'Webhook' })
    await hook.getByLabel('Receiver address').fill(`http://127.0.0.1:${HOOK_PORT}/pinpoint`)
    await hook.getByRole('button', { name: 'Connect webhook' }).click()
    const secret = (await hook.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)
    await hook.getByRole('button', { name: 'Send test event' }).click()
    await expect(page.getByText('Test event delivered')).toBeVisible()
    await expect(
      hook.getByRole('table', { name: 'Delivery log' }).getByRole('cell', { name: '200' }),
    ).toBeVisible()
    expect(received).toHaveLength(1)
    const verified = new Webhook(secret).verify(received[0]?.body ?? '', received[0]?.headers ?? {})
    expect(verified).toMatchObject({ type: 'ping' })
    await expectNoSeriousAxe(page, 'connected accounts, Trello and webhook connected')
    await shot(page, 'exports-settings', true)

    // The review screen's export panel: Trello, destination from the tool, three comments.
    await page.goto(`/link/${canvas.subdomain}/`)
    await expect(page.getByTestId('review-top-bar')).toBeVisible()
    const sidebar = page.getByTestId('sidebar')
    await expect(sidebar.locator('[data-comment-id]')).toHaveCount(3)
    await sidebar.getByRole('button', { name: 'Export comments' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export comments' })
    await expect(dialog.getByText('Comments to export (3 of 3 in the list)')).toBeVisible()
    await dialog.getByLabel('Board', { exact: true }).selectOption({ label: 'Website relaunch' })
    await dialog.getByLabel('List', { exact: true }).selectOption({ label: 'To do' })
    await expectNoSeriousAxe(page, 'export panel, Trello')
    await dialog.getByRole('button', { name: 'Export 3 comments to Trello' }).click()
    const results = dialog.getByTestId('export-results')
    await expect(results.getByText('3 of 3 exported')).toBeVisible()
    await expect(results.getByText('Created')).toHaveCount(3)
    await expect(results.getByRole('link', { name: 'Open the task' })).toHaveCount(3)
    await shot(page, 'exports-review-panel')
    const cards = (await (
      await context.request.get(`http://127.0.0.1:${TRELLO_PORT}/_fake/requests`)
    ).json()) as {
      method: string
      path: string
      body: { name?: string; idList?: string; desc?: string }
    }[]
    const created = cards.filter((r) => r.method === 'POST' && r.path === '/1/cards')
    expect(created.map((r) => r.body.name).sort()).toEqual([...texts].sort())
    expect(created.every((r) => r.body.idList === 'board1-todo')).toBe(true)
    expect(created[0]?.body.desc).toContain(`/link/${canvas.subdomain}/comment/`)
    expect(created[0]?.body.desc).toContain('**Where:** PDF page 1')
    expect(created[0]?.body.desc).toContain('**Device:** Desktop, window 1280×900')

    // Closed: every card carries the Exported badge, and the filter finds them.
    await page.keyboard.press('Escape')
    await expect(sidebar.getByTestId('exported-badge')).toHaveCount(3)
    await sidebar.getByRole('button', { name: /Filter and sort/ }).click()
    await page.getByRole('radio', { name: 'Not exported' }).check()
    await expect(sidebar.locator('[data-comment-id]')).toHaveCount(0)
    await page.getByRole('radio', { name: 'Exported', exact: true }).check()
    await expect(sidebar.locator('[data-comment-id]')).toHaveCount(3)
    await page.keyboard.press('Escape')
    await shot(page, 'exports-review-badges')

    // The dashboard's Export comments dialog: every comment of the canvas as a CSV file.
    await page.goto('/dashboard')
    const menu = await new DashboardPage(page).cardMenu('Brochure')
    await menu.getByRole('menuitem', { name: 'Export comments' }).click()
    const exportDialog = page.getByRole('dialog', { name: 'Export comments' })
    await exportDialog.getByLabel('Comments').selectOption('all')
    await expect(exportDialog.getByLabel('Export to')).toHaveValue('csv')
    await expectNoSeriousAxe(page, 'dashboard export dialog')
    const download = page.waitForEvent('download')
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click()
    const csv = readFileSync((await (await download).path()) ?? '', 'utf8')
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    expect(csv.split('\r\n')[0]).toBe(
      '\ufeffid,link,page/path,comment,author,status,labels,assignee,created,replies,exported date,screenshot,screenshot after',
    )
    expect(csv).toContain('"Headline: ""Save 20 %"" is wrong"')
    expect(csv).toContain('Footer colour 🎨 too light')
    await expect(exportDialog.getByTestId('export-results').getByText('3 of 3 exported')).toBeVisible()
    await expect(
      exportDialog.getByTestId('export-results').getByText('Footer colour 🎨 too light'),
    ).toBeVisible()
    await shot(page, 'exports-dashboard-dialog')
    await page.keyboard.press('Escape')

    // The same settings on a phone.
    const phone = await browser.newContext({ ...PHONE, storageState: await context.storageState() })
    const phonePage = await phone.newPage()
    await phonePage.goto('/settings/integrations')
    await expect(
      phonePage.getByRole('form', { name: 'Trello account' }).getByText('Connected as Ana Trello'),
    ).toBeVisible()
    await expectNoSeriousAxe(phonePage, 'connected accounts on a phone')
    await expectNoSidewaysScroll(phonePage)
    await shot(phonePage, 'exports-settings-phone')
    // And the review screen's export panel on a phone: the comments sheet, then Export comments.
    await phonePage.goto(`/link/${canvas.subdomain}/`)
    await phonePage.getByRole('button', { name: /^Comments \d+$/ }).tap()
    await phonePage.getByTestId('sidebar').getByRole('button', { name: 'Export comments' }).tap()
    const phoneDialog = phonePage.getByRole('dialog', { name: 'Export comments' })
    await expect(phoneDialog.getByRole('tab', { name: 'Trello' })).toBeVisible()
    await phoneDialog.getByRole('tab', { name: 'CSV' }).tap()
    await expect(phoneDialog.getByRole('button', { name: 'Download CSV' })).toBeVisible()
    await expectNoSeriousAxe(phonePage, 'export panel on a phone')
    await expectNoSidewaysScroll(phonePage)
    await shot(phonePage, 'exports-review-panel-phone')
    await phone.close()
    await context.close()
  })
})

test.describe('exports plan gate', () => {
  test('a team49 owner sees the plan gate with the way to upgrade', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const signup = await context.request.post('/api/v1/users', {
      headers: ownNetwork(),
      data: {
        email: uniqueEmail('tom'),
        name: 'Tom Team49',
        password: PASSWORD,
        teamName: 'Small studio',
        plan: 'team49',
      },
    })
    expect(signup.status(), await signup.text()).toBe(201)
    await page.goto('/settings/integrations')
    await expect(page.getByText('Exports come with the enterprise plans')).toBeVisible()
    await expectNoSeriousAxe(page, 'connected accounts, plan gate')
    await shot(page, 'exports-plan-gate')
    await page.getByRole('link', { name: 'Upgrade the plan' }).click()
    await expect(page).toHaveURL(/\/billing\/plans$/)
    await context.close()
  })
})
