/**
 * The SSRF guard end to end: a browser-like request for each IPv6 form that embeds or tunnels to an
 * IPv4 address reaches the proxy as a literal host (the form a DNS answer would give) and is refused
 * before anything is fetched, with the page the review screen reads.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BROWSER_REQUEST, type ProxyHarness, startProxy } from './test-harness'

let proxy: ProxyHarness

/** Names whose (fixed) DNS answer is one IPv6 form embedding a private IPv4 address. */
const DNS: Record<string, string[]> = {
  'six-to-four.example': ['2002:a00:1::1'],
  'translated.example': ['::ffff:0:169.254.169.254'],
  'teredo.example': ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  'nat64.example': ['64:ff9b::7f00:1'],
  'mixed.example': ['2606:4700::1111', '2002:7f00:1::'],
}

beforeAll(() => {
  // Nothing allow-listed: the hosts below are judged by the guard alone.
  proxy = startProxy({ allowHosts: [], dns: DNS })
})

afterAll(() => proxy.stop())

describe('proxied requests to IPv6 forms embedding a private IPv4 address', () => {
  test.each([
    ['6to4 of 127.0.0.1', 'http://[2002:7f00:1::]/'],
    ['6to4 of 169.254.169.254', 'http://[2002:a9fe:a9fe::1]/latest/meta-data/'],
    ['IPv4-translated 127.0.0.1', 'http://[::ffff:0:127.0.0.1]/'],
    ['IPv4-translated 10.0.0.1', 'http://[::ffff:0:a00:1]/'],
    ['IPv4-mapped 127.0.0.1', 'http://[::ffff:127.0.0.1]/'],
    ['NAT64 of 192.168.0.1', 'http://[64:ff9b::192.168.0.1]/'],
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
    ['IPv4-compatible 127.0.0.1', 'http://[::127.0.0.1]:8080/'],
  ])('%s is refused before it is fetched', async (_form, target) => {
    const response = await fetch(proxy.proxied(target), { headers: BROWSER_REQUEST.document })
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain('Page unavailable')
    expect(html).toContain('private or local')
  })

  test.each(Object.keys(DNS))('a name resolving to such a form (%s) is refused', async (name) => {
    const response = await fetch(proxy.proxied(`http://${name}/`), { headers: BROWSER_REQUEST.document })
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('private or local')
  })
})

describe('a name that does not resolve', () => {
  test('is a site that cannot be reached (502), not a refusal', async () => {
    const page = await fetch(proxy.proxied('http://nowhere.example/'), { headers: BROWSER_REQUEST.document })
    expect(page.status).toBe(502)
    expect(await page.text()).toContain('could not be found')
    const script = await fetch(proxy.proxied('http://nowhere.example/app.js'), {
      headers: BROWSER_REQUEST.script,
    })
    expect(script.status).toBe(502)
    expect(await script.text()).toBe('')
  })
})
