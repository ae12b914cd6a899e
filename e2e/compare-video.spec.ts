/**
 * Compare two revisions of a video canvas (issue 17 item 2; the compare view takes every file type): v1 (a
 * 12 s landscape clip) and v2 (a 4 s portrait one), each uploaded through tus, side by side and as an
 * overlay. Each side plays its own revision with its own controls, linked (play, pause, seek, speed) unless
 * the reviewer unlinks them, zoom acts on both, and each side shows
 * its own revision's pins around the moment it shows (a comment at 8 s appears on v1 once v1 is there, not
 * over its first frame). Axe at desktop and at a 390 px phone width, screenshots of each state.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousAxe, expectNoSidewaysScroll, PHONE } from './a11y'
import { overlayAndSwipe } from './compare-stage'
import { ReviewPage } from './pages/review-page'
import { createCanvas, logIn, uploadVideo } from './review-fixtures'
import { ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const VIDEOS = join(import.meta.dirname, '..', 'fixtures', 'videos')

type Detail = {
  canvas: { CanvasRevisionId: string; CanvasAssets: { id: string; CanvasRevisionId: string }[] }
}

async function assetOf(request: APIRequestContext, canvasId: string, revisionId?: string) {
  const { canvas } = (await (await request.get(`/api/v1/canvases/${canvasId}`)).json()) as Detail
  const id = canvas.CanvasAssets.find(
    (a) => a.CanvasRevisionId === (revisionId ?? canvas.CanvasRevisionId),
  )?.id
  if (!id) throw new Error('the revision has no video')
  return { assetId: id, revisionId: revisionId ?? canvas.CanvasRevisionId }
}

async function comment(
  request: APIRequestContext,
  canvasId: string,
  assetId: string,
  videoTime: number,
  text: string,
) {
  const made = await request.post('/api/v1/annotations', {
    data: { CanvasId: canvasId, CanvasAssetId: assetId, videoTime, x: 0.4, y: 0.4, comment: text },
  })
  expect(made.status(), await made.text()).toBe(200)
}

/** The video of a side has loaded enough to show its first frame and its length. */
async function loaded(video: Locator) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2)
}

type Pins = { leftPins: Locator; rightPins: Locator }

/** Both sides' current times, read in one go so they are of the same instant. */
function times(page: Page) {
  return page.evaluate(() =>
    ['left', 'right'].map(
      (side) =>
        (document.querySelector(`[data-testid=compare-side-${side}] video`) as HTMLVideoElement).currentTime,
    ),
  )
}

/** Moves a video (as its own seek bar would) and waits for the seek to land, the link having seen it. */
const seek = (video: Locator, seconds: number) =>
  video.evaluate(
    (v: HTMLVideoElement, to: number) =>
      new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true })
        v.currentTime = to
      }),
    seconds,
  )
const paused = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.paused)

/**
 * Linked playback (on by default): seeking, playing, pausing and the speed of either video carry to the
 * other; the 4 s v2 holds its last frame while the 12 s v1 plays on; from the keyboard the toggle unlinks
 * them, and then seeking one leaves the other.
 */
async function linkedPlayback(
  page: Page,
  leftVideo: Locator,
  rightVideo: Locator,
  { leftPins, rightPins }: Pins,
) {
  const link = page.getByRole('button', { name: 'Link playback' })
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('aria-pressed', 'true')
  const gap = async () => {
    const [l = 0, r = 0] = await times(page)
    return Math.abs(l - r)
  }
  // v2 moved to 2 s: v1 comes to the same moment.
  await seek(rightVideo, 2)
  await expect.poll(async () => (await times(page))[0]).toBeCloseTo(2, 1)
  // v1 to 8 s: v2, 4 s long, shows its last frame (its first-moment pin goes); v1 is not pulled back.
  await seek(leftVideo, 8)
  await expect(leftPins).toHaveAttribute('aria-label', /Cut this scene shorter$/)
  await expect
    .poll(() => rightVideo.evaluate((v: HTMLVideoElement) => v.duration - v.currentTime))
    .toBeLessThan(0.05)
  await expect(rightPins).toHaveCount(0)
  expect((await times(page))[0]).toBe(8)

  // Played from v1 at 2.5 s: v2 plays too, at the same moment give or take the drift threshold.
  await seek(leftVideo, 2.5)
  await expect.poll(gap).toBeLessThan(0.05)
  await leftVideo.evaluate((v: HTMLVideoElement) => v.play())
  await expect.poll(() => paused(rightVideo)).toBe(false)
  await expect.poll(async () => (await times(page))[1]).toBeGreaterThan(3)
  expect(await gap()).toBeLessThan(0.6)
  // v2 ends first and holds its last frame while v1 plays on.
  await expect
    .poll(() => rightVideo.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 })
    .toBe(true)
  await expect.poll(async () => (await times(page))[0]).toBeGreaterThan(4.5)
  expect(await paused(leftVideo)).toBe(false)
  // Paused from v2's side after it is sent back: both stop at the same frame.
  await seek(rightVideo, 1)
  await expect.poll(async () => (await times(page))[0]).toBeLessThan(2)
  await expect.poll(() => paused(rightVideo)).toBe(false)
  await rightVideo.evaluate((v: HTMLVideoElement) => v.pause())
  await expect.poll(() => paused(leftVideo)).toBe(true)
  await expect.poll(gap).toBeLessThan(0.05)
  // The speed follows.
  await rightVideo.evaluate((v: HTMLVideoElement) => {
    v.playbackRate = 2
  })
  await expect.poll(() => leftVideo.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2)

  // Unlinked with the keyboard only: Tab from the zoom to the toggle, Space.
  await page.getByRole('button', { name: 'Zoom in on both sides' }).focus()
  await page.keyboard.press('Tab')
  await expect(link).toBeFocused()
  await page.keyboard.press('Space')
  await expect(link).toHaveAttribute('aria-pressed', 'false')
  const [, before = 0] = await times(page)
  await seek(leftVideo, 3)
  await expect(leftPins).toHaveCount(0)
  expect((await times(page))[1]).toBe(before)
}

test('a video: v1 and v2 side by side and as an overlay, each side with its pins at its moment', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const { request } = context
  const email = uniqueEmail('vic')
  const signUp = await request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email, name: 'Vic Video', password: PASSWORD, teamName: 'Video compare' },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const canvas = await createCanvas(request, { type: 'video', title: 'Launch teaser' })
  await uploadVideo(request, canvas.id, readFileSync(join(VIDEOS, 'testsrc-720p-12s.mp4')), 'teaser-v1.mp4')
  const v1 = await assetOf(request, canvas.id)
  await comment(request, canvas.id, v1.assetId, 0.5, 'The logo is too small')
  await comment(request, canvas.id, v1.assetId, 8, 'Cut this scene shorter')
  const second = await request.post(`/api/v1/canvases/${canvas.id}/revisions`, { data: {} })
  expect(second.status(), await second.text()).toBe(200)
  const v2Id = ((await second.json()) as { canvasRevision: { id: string } }).canvasRevision.id
  await uploadVideo(
    request,
    canvas.id,
    readFileSync(join(VIDEOS, 'portrait-1080x1920-4s.mp4')),
    'teaser-v2.mp4',
    v2Id,
  )
  const v2 = await assetOf(request, canvas.id, v2Id)
  await comment(request, canvas.id, v2.assetId, 0.2, 'Much better framing')

  const review = new ReviewPage(await context.newPage())
  const { page } = review
  await review.open(canvas.subdomain)
  await expect(page.getByTestId('revision-select')).toHaveValue('2')
  await page.getByRole('button', { name: 'Revision actions' }).click()
  await page.getByRole('menuitem', { name: 'Compare v1 and v2' }).click()
  await expect(page.getByTestId('compare-toolbar')).toBeVisible()

  const left = page.getByTestId('compare-side-left')
  const right = page.getByTestId('compare-side-right')
  const leftVideo = left.getByTestId('compare-video')
  const rightVideo = right.getByTestId('compare-video')
  await loaded(leftVideo)
  await loaded(rightVideo)
  // Each side is its own revision's file: 12 s landscape on the left, 4 s portrait on the right.
  expect(Math.round(await leftVideo.evaluate((v: HTMLVideoElement) => v.duration))).toBe(12)
  expect(Math.round(await rightVideo.evaluate((v: HTMLVideoElement) => v.duration))).toBe(4)
  expect(await leftVideo.evaluate((v: HTMLVideoElement) => v.videoWidth > v.videoHeight)).toBe(true)
  expect(await rightVideo.evaluate((v: HTMLVideoElement) => v.videoWidth < v.videoHeight)).toBe(true)

  // At the start, each side shows the pin of its own revision's first moment only.
  const leftPins = left.getByTestId('compare-pin')
  const rightPins = right.getByTestId('compare-pin')
  await expect(leftPins).toHaveCount(1)
  await expect(leftPins).toHaveAttribute('aria-label', /^v1: Comment \d by Vic Video: The logo is too small$/)
  await expect(rightPins).toHaveCount(1)
  await expect(rightPins).toHaveAttribute('aria-label', /^v2: Comment \d by Vic Video: Much better framing$/)
  await linkedPlayback(page, leftVideo, rightVideo, { leftPins, rightPins })

  // Unlinked, each side plays on its own: v1 moved to 8 s shows the comment on that scene there, the
  // first one goes; v2 is left where it was.
  await rightVideo.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0
  })
  await expect(rightPins).toHaveAttribute('aria-label', /Much better framing$/)
  await leftVideo.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 8
  })
  await expect(leftPins).toHaveCount(1)
  await expect(leftPins).toHaveAttribute('aria-label', /Cut this scene shorter$/)
  await expect(rightPins).toHaveAttribute('aria-label', /Much better framing$/)
  expect(await rightVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0)
  // Linked again from the keyboard: v2 comes to v1's moment at once (its last frame: it is 4 s long).
  const link = page.getByRole('button', { name: 'Link playback' })
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(link).toHaveAttribute('aria-pressed', 'true')
  await expect
    .poll(() => rightVideo.evaluate((v: HTMLVideoElement) => v.duration - v.currentTime))
    .toBeLessThan(0.05)
  expect(await leftVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(8)

  // Zoom acts on both sides: the two videos stay the same width.
  const widths = async () => [
    Math.round((await leftVideo.boundingBox())?.width ?? 0),
    Math.round((await rightVideo.boundingBox())?.width ?? 0),
  ]
  const before = await widths()
  await page.getByRole('button', { name: 'Zoom in on both sides' }).click()
  await expect(page.getByTestId('compare-zoom')).toHaveText('125%')
  await expect.poll(widths).not.toEqual(before)
  const [zoomedLeft, zoomedRight] = await widths()
  expect(zoomedLeft).toBe(zoomedRight)
  expect(zoomedLeft).toBeGreaterThan(before[0] ?? 0)
  await expectNoSeriousAxe(page, 'video compare side by side')
  await shot(page, 'compare-video-side-by-side')

  await overlayAndSwipe(page, {
    opacity: '50',
    key: 'Shift+ArrowRight',
    swipedTo: '60',
    overlaid: () => expect(page.getByTestId('compare-video')).toHaveCount(2),
  })
  await expectNoSeriousAxe(page, 'video compare overlay')
  await shot(page, 'compare-video-overlay')

  // On a phone the two revisions stack, nothing runs off the side, still axe clean.
  const phone = await browser.newContext({ ...PHONE })
  await logIn(phone.request, email, PASSWORD)
  const pocket = new ReviewPage(await phone.newPage())
  await pocket.open(canvas.subdomain)
  await pocket.page.getByRole('button', { name: 'Revision actions' }).tap()
  await pocket.page.getByRole('menuitem', { name: 'Compare v1 and v2' }).tap()
  const top = pocket.page.getByTestId('compare-side-left')
  const bottom = pocket.page.getByTestId('compare-side-right')
  await loaded(top.getByTestId('compare-video'))
  await loaded(bottom.getByTestId('compare-video'))
  await expect(top.getByTestId('compare-pin')).toHaveCount(1)
  await expect(bottom.getByTestId('compare-pin')).toHaveCount(1)
  // The link toggle is in the bar on a phone too, on screen.
  const phoneLink = await pocket.page.getByRole('button', { name: 'Link playback' }).boundingBox()
  expect(phoneLink && phoneLink.x >= 0 && phoneLink.x + phoneLink.width <= 390).toBe(true)
  const upper = await top.boundingBox()
  const lower = await bottom.boundingBox()
  expect(upper && lower && lower.y >= upper.y + upper.height - 1).toBe(true)
  await expectNoSidewaysScroll(pocket.page)
  // The bar's last button, the comments sheet's, stays on screen with two revisions in the bar.
  const comments = await pocket.page.getByRole('button', { name: /^Comments/ }).boundingBox()
  expect(comments && comments.x + comments.width).toBeLessThanOrEqual(390)
  await expectNoSeriousAxe(pocket.page, 'video compare at 390 px')
  await shot(pocket.page, 'compare-video-phone')
  await phone.close()
  await context.close()
})
