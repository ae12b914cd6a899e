/**
 * New versions from the dashboard (issue 17 item 1): "New revision" on a PDF design canvas uploads the
 * new file into revision 2, which the review screen then opens first (revision 1 stays in the menu); on a
 * website canvas it starts revision 2 at a new address. Keyboard, axe and 390 px on the dialog. A verdict
 * given on the review screen shows on the dashboard card, and the dashboard filters by it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { DashboardPage } from './pages/dashboard-page'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, createCanvas, startCorpusServer, uploadAsset } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const PDFS = join(import.meta.dirname, '..', 'fixtures', 'pdfs')
let corpus: CorpusServer

async function owner(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options })
  const response = await context.request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email: uniqueEmail('rev'), name: 'Rhea Revisor', password: PASSWORD, teamName: 'Revisions' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { context, page: await context.newPage() }
}

test.describe('new revisions from the dashboard', () => {
  test.setTimeout(90_000)
  test.beforeAll(async () => {
    corpus = await startCorpusServer()
  })
  test.afterAll(() => corpus?.stop())

  test('upload v2 of a PDF by keyboard; the review screen opens v2, v1 stays', async ({ browser }) => {
    const { context, page } = await owner(browser)
    const canvas = await createCanvas(context.request, { type: 'design', title: 'Brochure v' })
    await uploadAsset(context.request, canvas.id, {
      name: 'v1.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(join(PDFS, 'pdflatex-4-pages.pdf')),
    })
    const dashboard = new DashboardPage(page)
    await dashboard.goto()
    const menu = await dashboard.cardMenu('Brochure v')
    await menu.getByRole('menuitem', { name: 'New revision' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start a new revision' })
    await expect(dialog).toContainText('Upload the new version of “Brochure v”: it becomes the next revision')
    // Nothing chosen: the dialog says what is missing instead of creating an empty revision.
    await dialog.getByRole('button', { name: 'Upload new version' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Choose the files of the new version.')
    await expectNoSeriousAxe(page, 'new revision dialog')
    await dialog.locator('input[type=file]').setInputFiles(join(PDFS, 'minimal-document.pdf'))
    await expect(dialog.getByText('minimal-document.pdf')).toBeVisible()
    await dialog.getByRole('button', { name: 'Upload new version' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Revision 2 created.')).toBeVisible()
    await expect
      .poll(async () => {
        const response = await context.request.get(`/api/v1/canvases/${canvas.id}`)
        const body = (await response.json()) as {
          canvas: { CanvasRevisionId: string; CanvasAssets: { name: string; CanvasRevisionId: string }[] }
        }
        return body.canvas.CanvasAssets.filter(
          (a) => a.CanvasRevisionId === body.canvas.CanvasRevisionId,
        ).map((a) => a.name)
      })
      .toEqual(['minimal-document.pdf'])

    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await expect(page.getByTestId('revision-select')).toHaveValue('2')
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 1')
    // A verdict on v2: the badge shows it for v2 only; axe on the panel.
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Review revision 2' })
    await panel.getByRole('radio', { name: 'Request changes' }).check()
    await panel.getByLabel('Comment (optional)').fill('The cover photo is too dark')
    await expectNoSeriousAxe(page, 'verdict panel')
    await panel.getByRole('button', { name: 'Send verdict' }).click()
    await expect(page.getByTestId('verdict-badge')).toHaveText('Changes requested')
    await page.getByTestId('revision-select').selectOption('1')
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 4')
    await expect(page.getByTestId('verdict-badge')).toHaveCount(0)
    await context.close()
  })

  test('a website revision at a new address; the dialog at 390 px', async ({ browser }) => {
    const { context, page } = await owner(browser, PHONE)
    const first = `${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`
    const second = `${corpus.origin}/websites/one-page-wonder/index.html`
    const canvas = await createCanvas(context.request, { type: 'website', title: 'Blog', localUrl: first })
    const dashboard = new DashboardPage(page)
    await dashboard.goto()
    const menu = await dashboard.cardMenu('Blog')
    await menu.getByRole('menuitem', { name: 'New revision' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start a new revision' })
    await expect(dialog.getByLabel('Website address')).toHaveValue(first)
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxe(page, 'new revision dialog at 390 px')
    await shot(page, 'new-revision-390')
    await dialog.getByLabel('Website address').fill(second)
    await dialog.getByRole('button', { name: 'Create revision' }).click()
    await expect(dialog).toBeHidden()
    const response = await context.request.get(`/api/v1/canvases/${canvas.id}`)
    const body = (await response.json()) as {
      canvas: {
        localUrl: string
        CanvasRevisionId: string
        CanvasRevisions: { id: string; number: number }[]
      }
    }
    expect(body.canvas.localUrl).toBe(second)
    expect(body.canvas.CanvasRevisions.find((r) => r.id === body.canvas.CanvasRevisionId)?.number).toBe(2)
    await context.close()
  })

  test('approve a revision: the verdict shows on the dashboard card, and the list filters by it', async ({
    browser,
  }) => {
    const { context, page } = await owner(browser)
    const canvas = await createCanvas(context.request, { type: 'design', title: 'Flyer to approve' })
    await uploadAsset(context.request, canvas.id, {
      name: 'flyer.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(join(PDFS, 'minimal-document.pdf')),
    })
    await createCanvas(context.request, { type: 'design', title: 'Flyer not reviewed' })
    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Review revision 1' })
    await panel.getByRole('radio', { name: 'Approve' }).check()
    await panel.getByLabel('Comment (optional)').fill('Ready to print')
    await panel.getByRole('button', { name: 'Send verdict' }).click()
    await expect(page.getByTestId('verdict-badge')).toHaveText('Approved')

    const dashboard = new DashboardPage(page)
    await dashboard.goto()
    await expect(dashboard.card('Flyer to approve').getByTestId('card-verdict')).toHaveText('Approved')
    await expect(dashboard.card('Flyer not reviewed').getByTestId('card-verdict')).toHaveCount(0)
    await shot(page, 'dashboard-card-verdict')
    await page.getByRole('button', { name: /^Filter:/ }).click()
    await page.getByRole('menuitemradio', { name: 'Approved' }).click()
    await expect(page.getByRole('button', { name: 'Filter: All canvases · Approved' })).toBeVisible()
    await expect(dashboard.card('Flyer to approve')).toBeVisible()
    await expect(dashboard.card('Flyer not reviewed')).toHaveCount(0)
    await page.getByRole('button', { name: /^Filter:/ }).click()
    await page.getByRole('menuitemradio', { name: 'Not reviewed yet' }).click()
    await expect(dashboard.card('Flyer not reviewed')).toBeVisible()
    await expect(dashboard.card('Flyer to approve')).toHaveCount(0)
    await page.getByRole('button', { name: /^Filter:/ }).click()
    await page.getByRole('menuitemradio', { name: 'Changes requested' }).click()
    await expect(page.getByText('No canvas has this verdict')).toBeVisible()
    await expectNoSeriousAxe(page, 'dashboard filtered by verdict')
    await context.close()
  })

  test('from the review screen: upload v2, rename it, delete it (v1 shows again, the open comment closes)', async ({
    browser,
  }) => {
    const { context, page } = await owner(browser)
    const canvas = await createCanvas(context.request, { type: 'design', title: 'Menu card' })
    await uploadAsset(context.request, canvas.id, {
      name: 'v1.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(join(PDFS, 'pdflatex-4-pages.pdf')),
    })
    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 4')
    await page.getByRole('button', { name: 'Revision actions' }).click()
    await page.getByRole('menuitem', { name: 'Upload new version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload new version' })
    await dialog.getByRole('button', { name: 'Upload new version' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Choose the files of the new version.')
    await dialog.getByLabel('Files of the new version').setInputFiles(join(PDFS, 'minimal-document.pdf'))
    await expectNoSeriousAxe(page, 'upload new version from the review screen')
    await dialog.getByRole('button', { name: 'Upload new version' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('revision-select')).toHaveValue('2')
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 1')

    await page.getByRole('button', { name: 'Revision actions' }).click()
    await page.getByRole('menuitem', { name: 'Rename v2' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename revision 2' })
    await rename.getByLabel('Name').fill('Final')
    await rename.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('revision-select').locator('option[value="2"]')).toHaveText(
      'v2 · Final (latest)',
    )

    // A comment of v2 open on screen, then v2 deleted: v1 shows, the comment is gone and closed (SPEC 4).
    const detail = (await (await context.request.get(`/api/v1/canvases/${canvas.id}`)).json()) as {
      canvas: { CanvasRevisionId: string; CanvasAssets: { id: string; CanvasRevisionId: string }[] }
    }
    const v2Asset = detail.canvas.CanvasAssets.find(
      (a) => a.CanvasRevisionId === detail.canvas.CanvasRevisionId,
    )
    const made = await context.request.post('/api/v1/annotations', {
      data: {
        CanvasId: canvas.id,
        CanvasAssetId: v2Asset?.id,
        canvasAssetPageIndex: 0,
        x: 0.4,
        y: 0.4,
        comment: 'On v2',
      },
    })
    const { annotation } = (await made.json()) as { annotation: { id: string } }
    await review.open(canvas.subdomain, `comment/${annotation.id}/`)
    await expect(review.thread).toContainText('On v2')
    await page.getByRole('button', { name: 'Revision actions' }).click()
    await page.getByRole('menuitem', { name: 'Delete v2' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete revision 2?' })
    await confirm.getByRole('button', { name: 'Delete revision' }).click()
    await expect(page.getByText('Revision 2 deleted.')).toBeVisible()
    await expect(review.thread).toBeHidden()
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 4')
    await expect(page.getByTestId('revision-select')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/link/${canvas.subdomain}/`))
    await context.close()
  })

  test('from the review screen: a website revision at a new address; v1 keeps its own', async ({
    browser,
  }) => {
    const { context, page } = await owner(browser)
    const first = `${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`
    const second = `${corpus.origin}/websites/one-page-wonder/index.html`
    const canvas = await createCanvas(context.request, {
      type: 'website',
      title: 'Blog again',
      localUrl: first,
    })
    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await expect(review.frame.getByText('Man must explore').first()).toBeVisible()
    await page.getByRole('button', { name: 'Revision actions' }).click()
    await page.getByRole('menuitem', { name: 'Upload new version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload new version' })
    await expect(dialog.getByLabel('Website address')).toHaveValue(first)
    await dialog.getByLabel('Website address').fill(second)
    await dialog.getByRole('button', { name: 'Create revision' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('revision-select')).toHaveValue('2')
    await expect(review.frame.getByText('Will Knock Your Socks Off')).toBeVisible()
    await page.getByTestId('revision-select').selectOption('1')
    await expect(page).toHaveURL(new RegExp(`/link/${canvas.subdomain}/v/1/`))
    await expect(review.frame.getByText('Man must explore').first()).toBeVisible()
    await context.close()
  })
})
