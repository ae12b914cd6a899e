/**
 * The SSRF guard end to end: a browser-like request for each IPv6 form that embeds or tunnels to an
 * IPv4 address reaches the proxy as a literal host (the form a DNS answer would give) and is refused
 * before anything is fetched, with the page the review screen reads.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BROWSER_REQUEST, type ProxyHarness, startProxy } from './test-harness'

let proxy: ProxyHarness

beforeAll(() => {
  // Nothing allow-listed: the literal hosts below are judged by the guard alone.
  proxy = startProxy({ allowHosts: [] })
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
})
