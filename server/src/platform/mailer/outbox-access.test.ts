/**
 * Issue 21 item 2: the development outbox holds password-reset links and invite codes, so only this
 * machine may read it. Real sockets: the app listens and is called over HTTP, from loopback and (when the
 * machine has one) from a non-loopback interface address.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { networkInterfaces } from 'node:os'
import { loadConfig } from '../../config'
import { createTestApp } from '../../testing/harness'
import { isLoopbackAddress, outboxAllowed } from './outbox-page'

const stops: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

const socketAt = (address: string) => ({ requestIP: () => ({ address, family: 'IPv4' as const, port: 1 }) })
const request = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/v1/dev/outbox', { headers })

async function listen(hostname: string) {
  const { app } = await createTestApp()
  const server = app.listen({ port: 0, hostname })
  stops.push(async () => {
    await server.stop()
  })
  return server.server?.port ?? 0
}

function nonLoopbackAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address
  }
  return null
}

describe('who may read the dev outbox', () => {
  test('loopback addresses are recognised, in every spelling a socket reports', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ['10.0.0.1', '192.168.1.4', '203.0.113.5', '::ffff:10.0.0.1', 'fe80::1', '', 'x'])
      expect(isLoopbackAddress(address)).toBe(false)
  })

  test('a non-loopback socket address is refused; loopback is allowed', () => {
    expect(outboxAllowed('loopback', request(), socketAt('203.0.113.5'))).toBe(false)
    expect(outboxAllowed('loopback', request(), socketAt('192.168.0.20'))).toBe(false)
    expect(outboxAllowed('loopback', request(), null)).toBe(false)
    expect(outboxAllowed('loopback', request(), socketAt('127.0.0.1'))).toBe(true)
    expect(outboxAllowed('loopback', request(), socketAt('::1'))).toBe(true)
  })

  test('a reverse proxy on this machine forwarding a remote client is refused', () => {
    const local = socketAt('127.0.0.1')
    expect(outboxAllowed('loopback', request({ 'x-forwarded-for': '203.0.113.5' }), local)).toBe(false)
    expect(outboxAllowed('loopback', request({ 'x-forwarded-for': '127.0.0.1, 10.1.2.3' }), local)).toBe(
      false,
    )
    expect(outboxAllowed('loopback', request({ 'x-real-ip': '10.1.2.3' }), local)).toBe(false)
    expect(outboxAllowed('loopback', request({ forwarded: 'for="[2001:db8::1]"' }), local)).toBe(false)
    expect(outboxAllowed('loopback', request({ 'x-forwarded-for': '127.0.0.1' }), local)).toBe(true)
  })

  test('DEV_OUTBOX=any opens it on purpose; off and production remove it', () => {
    expect(outboxAllowed('any', request(), socketAt('203.0.113.5'))).toBe(true)
    expect(outboxAllowed('off', request(), socketAt('127.0.0.1'))).toBe(false)
    const secret = { SESSION_SECRET: 'x'.repeat(40) }
    expect(loadConfig(secret).devOutbox).toBe('loopback')
    expect(loadConfig({ ...secret, DEV_OUTBOX: 'any' }).devOutbox).toBe('any')
    expect(loadConfig({ ...secret, DEV_OUTBOX: 'any', NODE_ENV: 'production' }).devOutbox).toBe('off')
    expect(() => loadConfig({ ...secret, DEV_OUTBOX: 'yes' })).toThrow('DEV_OUTBOX')
  })

  test('over real HTTP: 200 from loopback, 404 when a proxy says the client is remote', async () => {
    const port = await listen('127.0.0.1')
    const url = `http://127.0.0.1:${port}/api/v1/dev/outbox`
    expect((await fetch(url)).status).toBe(200)
    expect((await fetch(`${url}/some-id`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(
      404,
    )
    const forwarded = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.7' } })
    expect(forwarded.status).toBe(404)
    expect(await forwarded.text()).not.toContain('<h1>Outbox</h1>')
  })

  test('over real HTTP from a non-loopback address of this machine: 404', async () => {
    const address = nonLoopbackAddress()
    // Every CI and developer machine has one; without it there is no remote address to call from.
    expect(address).not.toBeNull()
    const port = await listen('0.0.0.0')
    const res = await fetch(`http://${address}:${port}/api/v1/dev/outbox`)
    expect(res.status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/dev/outbox`)).status).toBe(200)
  })
})

describe('default bind', () => {
  const secret = { SESSION_SECRET: 'x'.repeat(40) }
  test('the embedded first run listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig(secret).host).toBe('127.0.0.1')
    expect(loadConfig({ ...secret, HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ ...secret, DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0')
  })
})
