import { afterAll, describe, expect, test } from 'bun:test'
import { readPageTitle, titleFromHtml } from './page-title'

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname
    const html = (body: string) =>
      new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    if (path === '/titled')
      return html('<html><head><title>\n  Clean Blog &amp; Co &#8211; Home </title></head></html>')
    if (path === '/untitled') return html('<html><head></head><body>No title</body></html>')
    if (path === '/moved') return new Response(null, { status: 302, headers: { location: '/titled' } })
    if (path === '/image')
      return new Response('<title>not a page</title>', { headers: { 'content-type': 'image/png' } })
    if (path === '/slow')
      return new Promise<Response>((resolve) => setTimeout(() => resolve(html('<title>late</title>')), 2000))
    return new Response('missing', { status: 404 })
  },
})
afterAll(() => server.stop(true))
const origin = `http://127.0.0.1:${server.port}`
const allowed = { allowHosts: ['127.0.0.1'] }

describe('titleFromHtml', () => {
  test('the first title, entities decoded and spaces collapsed', () => {
    expect(
      titleFromHtml('<title lang="en"> A &lt;b&gt; &quot;c&quot; &#x41; </title><title>second</title>'),
    ).toBe('A <b> "c" A')
  })
  test('no title, or an empty one, is none', () => {
    expect(titleFromHtml('<html><body>x</body></html>')).toBeNull()
    expect(titleFromHtml('<title>   </title>')).toBeNull()
  })
})

describe('readPageTitle', () => {
  test("reads the page's title", async () => {
    expect(await readPageTitle(`${origin}/titled`, allowed)).toBe('Clean Blog & Co – Home')
  })
  test('follows a redirect', async () => {
    expect(await readPageTitle(`${origin}/moved`, allowed)).toBe('Clean Blog & Co – Home')
  })
  test('a page without a title, not a page, a 404 or too slow: none', async () => {
    expect(await readPageTitle(`${origin}/untitled`, allowed)).toBeNull()
    expect(await readPageTitle(`${origin}/image`, allowed)).toBeNull()
    expect(await readPageTitle(`${origin}/nothing`, allowed)).toBeNull()
    expect(await readPageTitle(`${origin}/slow`, { ...allowed, timeoutMs: 200 })).toBeNull()
  })
  test('a private address the proxy would refuse is not fetched', async () => {
    let asked = 0
    const counting = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => {
        asked += 1
        return new Response('<title>x</title>')
      },
    })
    expect(await readPageTitle(`http://127.0.0.1:${counting.port}/`, { allowHosts: [] })).toBeNull()
    expect(asked).toBe(0)
    counting.stop(true)
  })
})
