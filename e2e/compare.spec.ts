/**
 * Compare two revisions and carry comments (issue 17 item 2). A PDF design: v1 and v2 page by page side by
 * side and as an overlay (opacity, swipe handle by keyboard), then the open comments of v1 carried to v2
 * (one on a page v2 still has, re-anchored; one on a page it lost, needing a new spot). A website: v2 at a
 * new address without one of the pinned headings; the bridge re-anchors the comment whose heading is still
 * there and marks the other; both then show on v2. Screenshots of every state; axe on the compare view.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { overlayAndSwipe } from './compare-stage'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, createCanvas, startCorpusServer, uploadAsset } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const PDFS = join(import.meta.dirname, '..', 'fixtures', 'pdfs')
let corpus: CorpusServer

async function owner(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options })
  const response = await context.request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email: uniqueEmail('cmp'), name: 'Cora Compare', password: PASSWORD, teamName: 'Compare' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { context, page: await context.newPage() }
}

type Detail = {
  canvas: {
    CanvasRevisionId: string
    CanvasAssets: { id: string; CanvasRevisionId: string }[]
  }
}

async function openCompare(page: Page) {
  await page.getByRole('button', { name: 'Revision actions' }).click()
  await page.getByRole('menuitem', { name: 'Compare v1 and v2' }).click()
  await expect(page.getByTestId('compare-toolbar')).toBeVisible()
}

test.describe('compare revisions', () => {
  test.setTimeout(120_000)
  test.beforeAll(async () => {
    corpus = await startCorpusServer()
  })
  test.afterAll(() => corpus?.stop())

  test('a PDF: v1 and v2 side by side and as an overlay; carry comments by page', async ({ browser }) => {
    const { context, page } = await owner(browser)
    const { request } = context
    const canvas = await createCanvas(request, { type: 'design', title: 'Brochure' })
    await uploadAsset(request, canvas.id, {
      name: 'v1.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(join(PDFS, 'pdflatex-4-pages.pdf')),
    })
    const v1 = ((await (await request.get(`/api/v1/canvases/${canvas.id}`)).json()) as Detail).canvas
    const v1Asset = v1.CanvasAssets[0]?.id
    for (const [page, comment] of [
      [0, 'The title should be larger'],
      [2, 'This table is cut off'],
    ] as const) {
      const made = await request.post('/api/v1/annotations', {
        data: {
          CanvasId: canvas.id,
          CanvasAssetId: v1Asset,
          canvasAssetPageIndex: page,
          x: 0.5,
          y: 0.2,
          comment,
        },
      })
      expect(made.status(), await made.text()).toBe(200)
    }
    const second = await request.post(`/api/v1/canvases/${canvas.id}/revisions`, { data: {} })
    const v2 = ((await second.json()) as { canvasRevision: { id: string } }).canvasRevision.id
    await uploadAsset(
      request,
      canvas.id,
      {
        name: 'v2.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(join(PDFS, 'minimal-document.pdf')),
      },
      v2,
    )

    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await expect(page.getByTestId('revision-select')).toHaveValue('2')
    await openCompare(page)
    const left = page.getByTestId('compare-side-left')
    const right = page.getByTestId('compare-side-right')
    await expect(left.getByTestId('compare-pdf-page')).toBeVisible()
    await expect(right.getByTestId('compare-pdf-page')).toBeVisible()
    await expect(page.getByTestId('compare-page')).toHaveText('Page 1 of 4')
    // v1's pin on its own side only.
    await expect(left.getByTestId('compare-pin')).toHaveCount(1)
    await expect(right.getByTestId('compare-pin')).toHaveCount(0)
    // Zoom acts on both sides; scrolling one scrolls the other.
    await page.getByRole('button', { name: 'Zoom in on both sides' }).click()
    await expect(page.getByTestId('compare-zoom')).toHaveText('125%')
    await left.evaluate((el) => {
      el.scrollTop = 200
    })
    await expect.poll(() => right.evaluate((el) => el.scrollTop)).toBe(200)
    await left.evaluate((el) => {
      el.scrollTop = 0
    })
    await expectNoSeriousAxe(page, 'compare side by side')
    await shot(page, 'compare-pdf-side-by-side')
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page.getByTestId('compare-page')).toHaveText('Page 2 of 4')
    await expect(right).toContainText('This revision has no page 2.')
    await page.getByRole('button', { name: 'Previous page' }).click()

    await overlayAndSwipe(page, { opacity: '60', key: 'Shift+ArrowLeft', swipedTo: '40' })
    await expectNoSeriousAxe(page, 'compare overlay')
    await shot(page, 'compare-pdf-overlay')

    await page.getByRole('button', { name: 'Carry 2 open comments to v2' }).click()
    await expect(page.getByText('2 comments carried to v2: 1 re-anchored, 1 needs a new spot.')).toBeVisible()
    await page.getByRole('button', { name: 'Side by side' }).click()
    await expect(page.getByTestId('compare-side-right').getByTestId('compare-pin')).toHaveCount(1)
    await expect(page.getByTestId('compare-side-left').getByTestId('compare-pin')).toHaveCount(0)
    await page.getByRole('button', { name: 'Back to review' }).click()
    await expect(review.sidebar).toContainText('This table is cut off')
    await expect(review.sidebar).toContainText('The title should be larger')
    await context.close()
  })

  test('a website at a new address: compare, then carry one re-anchored and one needing a new spot', async ({
    browser,
  }) => {
    const { context, page } = await owner(browser)
    const first = `${corpus.origin}/websites/one-page-wonder/index.html`
    const canvas = await createCanvas(context.request, { type: 'website', title: 'Wonder', localUrl: first })
    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await review.placeInFrame('Will Knock Your Socks Off')
    await review.writeComment('Make the tagline bolder')
    await page.getByRole('button', { name: 'All comments' }).click()
    await review.placeInFrame('The Second Heading')
    await review.writeComment('Drop this section')
    const gone = await review.frame.getByText('The Second Heading').first().getAttribute('data-gt')
    expect(gone).toBeTruthy()
    // v2 lives at a new address: the same page without the second heading.
    const made = await context.request.post(`/api/v1/canvases/${canvas.id}/revisions`, {
      data: { localUrl: `${first}?variant=del-${gone}` },
    })
    expect(made.status(), await made.text()).toBe(200)
    await review.open(canvas.subdomain)
    await expect(page.getByTestId('revision-select')).toHaveValue('2')
    await openCompare(page)
    const leftFrame = page.frameLocator('[data-testid=compare-frame-left]')
    const rightFrame = page.frameLocator('[data-testid=compare-frame-right]')
    await expect(page.getByTestId('compare-frame-left')).toHaveAttribute('data-ready', 'true', {
      timeout: 30_000,
    })
    await expect(page.getByTestId('compare-frame-right')).toHaveAttribute('data-ready', 'true', {
      timeout: 30_000,
    })
    await expect(leftFrame.getByText('The Second Heading')).toBeVisible()
    await expect(rightFrame.getByText('The Second Heading')).toHaveCount(0)
    // v1's pins are drawn in v1's page, none yet in v2's.
    await expect(leftFrame.locator('[data-pin-id]')).toHaveCount(2)
    await expect(rightFrame.locator('[data-pin-id]')).toHaveCount(0)
    await shot(page, 'compare-website-side-by-side')
    await page.getByRole('button', { name: 'Overlay' }).click()
    await expect(page.getByTestId('compare-frame-right')).toHaveAttribute('data-ready', 'true', {
      timeout: 30_000,
    })
    await shot(page, 'compare-website-overlay')
    await expectNoSeriousAxe(page, 'compare website overlay')

    await page.getByRole('button', { name: 'Carry 2 open comments to v2' }).click()
    await expect(page.getByText('2 comments carried to v2: 1 re-anchored, 1 needs a new spot.')).toBeVisible()
    await page.getByRole('button', { name: 'Side by side' }).click()
    await expect(page.getByTestId('compare-frame-right')).toHaveAttribute('data-ready', 'true', {
      timeout: 30_000,
    })
    await expect(rightFrame.locator('[data-pin-id]')).toHaveCount(1)
    await expect(leftFrame.locator('[data-pin-id]')).toHaveCount(0)
    await shot(page, 'compare-website-carried')
    await page.getByRole('button', { name: 'Back to review' }).click()
    // On v2: the tagline's pin is on its heading; the dropped section's comment asks for a new spot.
    await expect(review.frame.locator('[data-pin-id]')).toHaveCount(1)
    await expect(review.sidebar).toContainText('Drop this section')
    await review.sidebar.getByText('Drop this section').click()
    await expect(review.thread).toContainText(
      'Carried over from an earlier revision: its spot is not on this one.',
    )
    await expect(
      review.thread.getByRole('button', { name: 'Re-attach by clicking a new spot' }),
    ).toBeVisible()
    await shot(page, 'compare-website-needs-new-spot')
    await context.close()
  })

  test('on a phone: the two revisions stacked, the overlay swiped by touch', async ({ browser }) => {
    const { context, page } = await owner(browser, PHONE)
    const { request } = context
    const canvas = await createCanvas(request, { type: 'design', title: 'Pocket' })
    const pdf = (name: string) => ({
      name,
      mimeType: 'application/pdf',
      buffer: readFileSync(join(PDFS, name)),
    })
    await uploadAsset(request, canvas.id, pdf('pdflatex-4-pages.pdf'))
    const second = await request.post(`/api/v1/canvases/${canvas.id}/revisions`, { data: {} })
    const v2 = ((await second.json()) as { canvasRevision: { id: string } }).canvasRevision.id
    await uploadAsset(request, canvas.id, pdf('minimal-document.pdf'), v2)
    const review = new ReviewPage(page)
    await review.open(canvas.subdomain)
    await openCompare(page)
    await expect(page.getByTestId('compare-side-left').getByTestId('compare-pdf-page')).toBeVisible()
    await expect(page.getByTestId('compare-side-right').getByTestId('compare-pdf-page')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxe(page, 'compare at 390 px')
    await shot(page, 'compare-phone-side')
    await page.getByRole('button', { name: 'Overlay' }).tap()
    const handle = page.getByRole('slider', { name: 'Swipe between v1 and v2' })
    const box = await page.getByTestId('compare-stage').boundingBox()
    if (!box) throw new Error('no stage')
    // A finger put down on the handle's track: the handle goes there (and follows it until lifted).
    await handle.dispatchEvent('pointerdown', {
      pointerId: 7,
      pointerType: 'touch',
      clientX: box.x + box.width * 0.2,
      isPrimary: true,
    })
    await expect(handle).toHaveAttribute('aria-valuenow', '20')
    await shot(page, 'compare-phone-overlay')
    await context.close()
  })
})
