/**
 * One canvas of each type, ready to review, for the accessibility and keyboard journeys: a website on
 * the corpus server, an HTML e-mail, a PNG design, a PDF and a video, each with the spot a comment goes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type BrowserContext, expect, type Locator } from '@playwright/test'
import type { ReviewPage } from './pages/review-page'
import { type CreatedCanvas, createCanvas, uploadAsset, uploadVideo } from './review-fixtures'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures')

export interface CanvasKind {
  name: 'website' | 'email' | 'image' | 'pdf' | 'video'
  prepare(member: BrowserContext, corpusOrigin: string): Promise<CreatedCanvas>
  /** The viewer is ready for a comment (the page, the image, the video's first frame). */
  ready(review: ReviewPage): Promise<void>
  /** What a click or a tap lands on to place a comment (at its centre). */
  spot(review: ReviewPage): Locator
}

/** A PNG rendered by the browser: a design mock-up. */
async function designPng(context: BrowserContext): Promise<Buffer> {
  const render = await context.newPage()
  await render.setViewportSize({ width: 1200, height: 760 })
  await render.setContent(
    `<body style="margin:0;font:600 48px system-ui;background:#4f46e5;color:white;display:grid;place-items:center;height:100vh">Spring campaign</body>`,
  )
  const png = await render.screenshot()
  await render.close()
  return png
}

export const CANVAS_KINDS: CanvasKind[] = [
  {
    name: 'website',
    prepare: (member, origin) =>
      createCanvas(member.request, {
        type: 'website',
        title: 'Clean blog',
        localUrl: `${origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`,
      }),
    // The first proxied page of a run took over 10 s on a busy 2-core machine (not the bridge build, which
    // takes milliseconds), hence the longer wait.
    ready: (review) =>
      expect(review.frame.getByText('Man must explore').first()).toBeVisible({ timeout: 30_000 }),
    spot: (review) => review.frame.getByText('Man must explore').first(),
  },
  {
    name: 'email',
    async prepare(member) {
      const canvas = await createCanvas(member.request, { type: 'email', title: 'Welcome e-mail' })
      const buffer = readFileSync(join(FIXTURES, 'emails', 'postmark-basic-welcome.html'))
      await uploadAsset(member.request, canvas.id, { name: 'welcome.html', mimeType: 'text/html', buffer })
      return canvas
    },
    ready: (review) =>
      expect(review.frame.getByText('thrilled to have you on board')).toBeVisible({ timeout: 30_000 }),
    spot: (review) => review.frame.getByText('thrilled to have you on board'),
  },
  {
    name: 'image',
    async prepare(member) {
      const canvas = await createCanvas(member.request, { type: 'design', title: 'Campaign hero' })
      await uploadAsset(member.request, canvas.id, {
        name: 'hero.png',
        mimeType: 'image/png',
        buffer: await designPng(member),
      })
      return canvas
    },
    ready: (review) => expect(review.page.getByTestId('viewer-box')).toBeVisible(),
    spot: (review) => review.page.getByTestId('viewer-box'),
  },
  {
    name: 'pdf',
    async prepare(member) {
      const canvas = await createCanvas(member.request, { type: 'design', title: 'Brochure' })
      const buffer = readFileSync(join(FIXTURES, 'pdfs', 'pdflatex-4-pages.pdf'))
      await uploadAsset(member.request, canvas.id, {
        name: 'brochure.pdf',
        mimeType: 'application/pdf',
        buffer,
      })
      return canvas
    },
    ready: (review) => expect(review.page.getByTestId('viewer-box')).toBeVisible(),
    spot: (review) => review.page.getByTestId('viewer-box'),
  },
  {
    name: 'video',
    async prepare(member) {
      const canvas = await createCanvas(member.request, { type: 'video', title: 'Promo cut' })
      const video = readFileSync(join(FIXTURES, 'videos', 'testsrc-720p-12s.mp4'))
      await uploadVideo(member.request, canvas.id, video, 'promo.mp4')
      return canvas
    },
    ready: (review) =>
      expect(review.page.getByTestId('video')).toHaveJSProperty('readyState', 4, { timeout: 15_000 }),
    spot: (review) => review.page.getByTestId('video-frame'),
  },
]
