/**
 * Frames inside a proxied page (issue 21 item 15). Two small sites on 127.0.0.1 (allow-listed through
 * PROXY_ALLOW_HOSTS by playwright.config.ts): site A's page embeds another page of its own and a widget
 * of site B. Both frames render inside the review screen, where their ancestors are the proxy origin and
 * the app. A proxied page's script that frames the app itself is refused: the app's pages allow only the
 * app as their ancestor.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, expect, type Frame, type Page, test } from '@playwright/test'
import { ReviewPage } from './pages/review-page'
import { createCanvas, logIn } from './review-fixtures'
import { fixtures } from './support'

interface LocalSite {
  origin: string
  server: Server
}

/** A site on a free port of 127.0.0.1 serving `pages` (path -> HTML) and 404 for the rest. */
async function startSite(pages: (origin: string) => Record<string, string>): Promise<LocalSite> {
  let routes: Record<string, string> = {}
  const server = createServer((request, response) => {
    const html = routes[new URL(request.url ?? '/', 'http://x').pathname]
    // Sites often refuse to be framed by others; the proxy removes the site's own framing policy.
    response.writeHead(html ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'x-frame-options': 'SAMEORIGIN',
    })
    response.end(html ?? 'Not here')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  routes = pages(origin)
  return { origin, server }
}

let siteA: LocalSite
let siteB: LocalSite

test.beforeAll(async ({ baseURL }) => {
  const appOrigin = new URL(baseURL ?? '').origin
  siteB = await startSite(() => ({
    '/widget.html':
      '<!doctype html><html><head><title>Widget</title></head><body><p>Map widget from site B</p></body></html>',
  }))
  siteA = await startSite(() => ({
    '/': `<!doctype html><html><head><title>Site A</title></head><body>
<h1>Site A home</h1>
<iframe title="Own page" src="/inner.html" width="400" height="120"></iframe>
<iframe title="Second site" src="${siteB.origin}/widget.html" width="400" height="120"></iframe>
<script>
  // Built at run time, so the proxy's rewrite does not touch it: a page script trying to frame the app.
  var frame = document.createElement('iframe');
  frame.title = 'App';
  frame.src = ${JSON.stringify(appOrigin)} + '/login';
  document.body.appendChild(frame);
</script>
</body></html>`,
    '/inner.html':
      '<!doctype html><html><head><title>Inner</title></head><body><p>Inner page of site A</p></body></html>',
  }))
})

test.afterAll(() => {
  siteA?.server.close()
  siteB?.server.close()
})

async function memberPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } })
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  return context.newPage()
}

/** The child frame of `parent` whose element has this title. */
async function childFrame(parent: Frame, title: string): Promise<Frame> {
  const handle = await parent.locator(`iframe[title="${title}"]`).elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error(`no frame titled ${title}`)
  return frame
}

test('frames of a proxied page (its own page, another site) render in the review screen; the app is never framed', async ({
  browser,
  baseURL,
}) => {
  const page = await memberPage(browser)
  const blocked: string[] = []
  page.on('requestfailed', (request) => {
    if (/ERR_BLOCKED_BY_RESPONSE/.test(request.failure()?.errorText ?? '')) blocked.push(request.url())
  })
  const appResponses: (string | null)[] = []
  page.on('response', (response) => {
    if (response.url().startsWith(`${baseURL}/login`)) {
      appResponses.push(response.headers()['content-security-policy'] ?? null)
    }
  })
  const canvas = await createCanvas(page.context().request, {
    type: 'website',
    title: 'Site with frames',
    localUrl: `${siteA.origin}/`,
  })
  const review = new ReviewPage(page)
  await review.open(canvas.subdomain)
  await expect(review.frame.getByRole('heading', { name: 'Site A home' })).toBeVisible()

  // Both nested frames show their page, through the proxy.
  const own = review.frame.frameLocator('iframe[title="Own page"]')
  await expect(own.getByText('Inner page of site A')).toBeVisible()
  const other = review.frame.frameLocator('iframe[title="Second site"]')
  await expect(other.getByText('Map widget from site B')).toBeVisible()
  const reviewed = await (await page.locator('[data-testid=review-frame]').elementHandle())?.contentFrame()
  if (!reviewed) throw new Error('no review frame')
  for (const title of ['Own page', 'Second site']) {
    const frame = await childFrame(reviewed, title)
    expect(new URL(frame.url()).pathname).toMatch(/^\/p\//)
  }

  // The app page the site's script framed is refused by its own policy: it shows nothing of the app.
  await expect.poll(() => appResponses.length).toBeGreaterThan(0)
  expect(appResponses[0]).toBe("frame-ancestors 'self'")
  const appFrame = await childFrame(reviewed, 'App')
  await expect.poll(async () => appFrame.url()).not.toContain(`${baseURL}/login`)
  expect(blocked.filter((url) => !url.startsWith(baseURL ?? ''))).toEqual([])
  await page.context().close()
})
