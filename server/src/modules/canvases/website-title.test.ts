/**
 * A website canvas created without a title is called by its page's <title>, else by its address
 * (issue 19 item 15: it was called by the bare host, "127.0.0.1").
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { type CanvasBody, createCanvasTestApp, teamWithMembers } from './testing'

const setup = await createCanvasTestApp()
// The test site runs on 127.0.0.1, which the proxy (and so the title reader) refuses unless allowed.
setup.context.config.proxyAllowHosts = ['127.0.0.1']

const site = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname
    const body = path === '/blog/' ? '<html><head><title>Clean Blog</title></head></html>' : '<html></html>'
    return new Response(body, { headers: { 'content-type': 'text/html' } })
  },
})
afterAll(() => site.stop(true))

describe('POST /canvases: the title of a website', () => {
  test("empty: the page's <title>", async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const res = await ownerClient.post<CanvasBody>('/api/v1/canvases', {
      type: 'website',
      title: '',
      localUrl: `http://127.0.0.1:${site.port}/blog/`,
    })
    expect(res.status).toBe(200)
    expect(res.body.canvas.title).toBe('Clean Blog')
  })

  test('empty, and the page has no title: its address', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const res = await ownerClient.post<CanvasBody>('/api/v1/canvases', {
      type: 'website',
      title: ' ',
      localUrl: `http://127.0.0.1:${site.port}/plain/`,
    })
    expect(res.body.canvas.title).toBe('127.0.0.1/plain')
  })

  test('typed: kept as typed, the page is not asked', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const res = await ownerClient.post<CanvasBody>('/api/v1/canvases', {
      type: 'website',
      title: 'My launch page',
      localUrl: `http://127.0.0.1:${site.port}/blog/`,
    })
    expect(res.body.canvas.title).toBe('My launch page')
  })
})
