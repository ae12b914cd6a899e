/**
 * Dashboard pictures (issue 17 item 8, decision 056). A website canvas made from a corpus page in the
 * New canvas dialog shows its icon until it is first opened; the review screen then takes the picture in
 * the browser and stores it, and back on the dashboard the card shows the page. An e-mail, a design and a
 * video get theirs the same way; a PDF card shows its first page as drawn by the server. A new revision
 * gets a picture of its own, and the card follows it; compared with v1 at the same address, v1 shows as it
 * was pictured rather than the live site twice. Screenshots of the cards (looked at), axe, and the
 * dashboard on a phone.
 */
import { expect, type Locator, type Page, type Response, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { CANVAS_KINDS } from './canvas-kinds'
import { DashboardPage } from './pages/dashboard-page'
import { ReviewPage } from './pages/review-page'
import { type CorpusServer, logIn, startCorpusServer } from './review-fixtures'
import { fixtures, shot } from './support'

let corpus: CorpusServer
test.beforeAll(async () => {
  corpus = await startCorpusServer()
})
test.afterAll(() => corpus?.stop())

const isPictureUpload = (response: Response) =>
  response.request().method() === 'PUT' && /\/canvas-revisions\/[^/]+\/thumbnail$/.test(response.url())

/** The picture stored, answered with its signed URL. */
async function pictureStored(upload: Promise<Response>): Promise<string> {
  const response = await upload
  expect(response.status(), await response.text()).toBe(200)
  const body = (await response.json()) as { canvasRevision: { thumbnailUrl: string | null } }
  expect(body.canvasRevision.thumbnailUrl).toContain('/api/v1/files/thumbnails/')
  return new URL(body.canvasRevision.thumbnailUrl ?? '').pathname
}

/**
 * How many distinct colours the card's picture has once drawn: a blank or failed picture has one or two,
 * a page has many. The picture must also have loaded at its full size.
 */
async function pictureColours(card: Locator): Promise<number> {
  const image = card.getByTestId('card-thumbnail')
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(100)
  return image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = 64
    canvas.height = 40
    const context = canvas.getContext('2d')
    if (!context) return 0
    context.drawImage(img, 0, 0, 64, 40)
    const data = context.getImageData(0, 0, 64, 40).data
    const colours = new Set<number>()
    for (let i = 0; i < data.length; i += 4)
      colours.add(((data[i] ?? 0) >> 4) * 256 + ((data[i + 1] ?? 0) >> 4) * 16 + ((data[i + 2] ?? 0) >> 4))
    return colours.size
  })
}

async function openAndWaitForPicture(
  page: Page,
  subdomain: string,
  ready: (review: ReviewPage) => Promise<void>,
) {
  const review = new ReviewPage(page)
  const upload = page.waitForResponse(isPictureUpload, { timeout: 60_000 })
  await review.open(subdomain)
  await ready(review)
  return pictureStored(upload)
}

test('cards show a picture of each canvas, taken when first opened and again for a new revision', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  const page = await context.newPage()
  const dashboard = new DashboardPage(page)
  const title = `Wonder ${Date.now().toString(36)}`

  await test.step('a website made in the dialog shows its icon until opened', async () => {
    await dashboard.goto()
    const dialog = await dashboard.openNewCanvas('Website')
    await dialog.getByLabel('Website address').fill(`${corpus.origin}/websites/one-page-wonder/index.html`)
    await dialog.getByLabel('Title').fill(title)
    await dialog.getByRole('button', { name: 'Create canvas' }).click()
    await expect(dialog).toBeHidden()
    await expect(dashboard.card(title)).toBeVisible()
    await expect(dashboard.card(title).getByTestId('card-thumbnail')).toHaveCount(0)
  })

  let firstPicture = ''
  await test.step('opened once, it gets its picture; the card shows the page', async () => {
    const upload = page.waitForResponse(isPictureUpload, { timeout: 60_000 })
    await dashboard.card(title).getByRole('link', { name: title }).click()
    const review = new ReviewPage(page)
    await expect(review.frame.getByText('Will Knock Your Socks Off')).toBeVisible({ timeout: 30_000 })
    firstPicture = await pictureStored(upload)
    // Back by the logo, inside the app: the dashboard's cached list is refreshed, not shown stale.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click()
    await expect(dashboard.heading).toBeVisible()
    const card = dashboard.card(title)
    await expect(card.getByTestId('card-thumbnail')).toHaveAttribute('src', new RegExp(firstPicture))
    await expect(card.getByTestId('card-thumbnail')).toHaveAttribute('alt', `Website preview of ${title}`)
    expect(await pictureColours(card)).toBeGreaterThan(8)
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'thumbnails-website-card')
  })

  const titles: Record<string, string> = {}
  await test.step('an e-mail, a design and a video get theirs when opened; a PDF shows its first page', async () => {
    for (const kind of CANVAS_KINDS.filter((k) => k.name !== 'website')) {
      const canvas = await kind.prepare(context, corpus.origin)
      const detail = (await (await context.request.get(`/api/v1/canvases/${canvas.id}`)).json()) as {
        canvas: { title: string }
      }
      titles[kind.name] = detail.canvas.title
      if (kind.name === 'pdf') continue
      await openAndWaitForPicture(page, canvas.subdomain, kind.ready)
    }
    await dashboard.goto()
    for (const [name, cardTitle] of Object.entries(titles)) {
      const card = dashboard.card(cardTitle).first()
      const image = card.getByTestId('card-thumbnail')
      await expect(image).toHaveAttribute('src', name === 'pdf' ? /-p1\.png/ : /\/files\/thumbnails\//)
      expect(await pictureColours(card), name).toBeGreaterThan(name === 'image' ? 1 : 4)
    }
    await shot(page, 'thumbnails-dashboard', true)
    await expectNoSeriousAxe(page, 'dashboard with pictures')
  })

  await test.step('a new revision gets a picture of its own; the card follows it', async () => {
    const list = (await (await context.request.get('/api/v1/users/me/canvases?limit=100')).json()) as {
      canvases: { id: string; title: string; subdomain: string }[]
    }
    const canvas = list.canvases.find((c) => c.title === title)
    if (!canvas) throw new Error('the website canvas is not listed')
    const made = await context.request.post(`/api/v1/canvases/${canvas.id}/revisions`, { data: {} })
    expect(made.status(), await made.text()).toBe(200)
    await dashboard.goto()
    // Not taken yet: the icon, not the first revision's picture.
    await expect(dashboard.card(title).getByTestId('card-thumbnail')).toHaveCount(0)
    const second = await openAndWaitForPicture(page, canvas.subdomain, (review) =>
      expect(review.frame.getByText('Will Knock Your Socks Off')).toBeVisible({ timeout: 30_000 }),
    )
    expect(second).not.toBe(firstPicture)
    await dashboard.goto()
    await expect(dashboard.card(title).getByTestId('card-thumbnail')).toHaveAttribute(
      'src',
      new RegExp(second),
    )
  })

  await test.step('compared at the same address, v1 shows as it was pictured, v2 live', async () => {
    await dashboard.card(title).getByRole('link', { name: title }).click()
    await page.getByRole('button', { name: 'Revision actions' }).click()
    await page.getByRole('menuitem', { name: 'Compare v1 and v2' }).click()
    const picture = page.getByTestId('compare-picture-left')
    await expect(picture.getByRole('img')).toHaveAttribute('src', new RegExp(firstPicture))
    await expect
      .poll(() => picture.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(100)
    await expect(picture).toContainText('A picture of v1')
    await expect(page.getByTestId('compare-frame-right')).toHaveAttribute('data-ready', 'true', {
      timeout: 30_000,
    })
    await expectNoSeriousAxe(page, 'compare with a pictured revision')
    await shot(page, 'thumbnails-compare-same-address')
  })
  await context.close()
})

test('on a phone: the cards show their pictures in one column, no sideways scroll, axe clean', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext(PHONE)
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  const page = await context.newPage()
  const website = CANVAS_KINDS.find((k) => k.name === 'website')
  if (!website) throw new Error('no website kind')
  const canvas = await website.prepare(context, corpus.origin)
  await openAndWaitForPicture(page, canvas.subdomain, website.ready)
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  const card = dashboard.card('Clean blog').first()
  await expect(card.getByTestId('card-thumbnail')).toBeVisible()
  expect(await pictureColours(card)).toBeGreaterThan(4)
  await expectNoSidewaysScroll(page)
  await expectNoSeriousAxe(page, 'dashboard with pictures on a phone')
  await shot(page, 'thumbnails-phone')
  await context.close()
})
