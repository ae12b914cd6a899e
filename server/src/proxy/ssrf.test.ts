import { describe, expect, test } from 'bun:test'
import { checkTarget, isBlockedAddress, ProxyTargetRefused } from './ssrf'

describe('isBlockedAddress', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:7f00:1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '64:ff9b::a00:1',
    'ff02::1',
    'not-an-ip',
  ])('%s is refused', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true)
  })

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false)
  })
})

describe('checkTarget', () => {
  const resolveTo = (addresses: string[]) => async () => addresses

  test('refuses loopback, metadata and private literals unless allow-listed', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://[::1]/',
    ]) {
      await expect(checkTarget(new URL(url), { allowHosts: [] })).rejects.toBeInstanceOf(ProxyTargetRefused)
    }
    const allowed = await checkTarget(new URL('http://127.0.0.1:8080/'), { allowHosts: ['127.0.0.1'] })
    expect(allowed).toMatchObject({ allowListed: true, address: '127.0.0.1' })
  })

  test('refuses a name resolving to a private address, even one among public ones', async () => {
    await expect(
      checkTarget(new URL('http://internal.example/'), { allowHosts: [], resolve: resolveTo(['10.0.0.5']) }),
    ).rejects.toThrow('private or local')
    await expect(
      checkTarget(new URL('http://mixed.example/'), {
        allowHosts: [],
        resolve: resolveTo(['93.184.215.14', '127.0.0.1']),
      }),
    ).rejects.toBeInstanceOf(ProxyTargetRefused)
    await expect(checkTarget(new URL('http://localhost/'), { allowHosts: [] })).rejects.toBeInstanceOf(
      ProxyTargetRefused,
    )
  })

  test('accepts a public name and returns the address to connect to', async () => {
    const result = await checkTarget(new URL('https://example.com/'), {
      allowHosts: [],
      resolve: resolveTo(['93.184.215.14']),
    })
    expect(result).toEqual({ host: 'example.com', address: '93.184.215.14', allowListed: false })
  })

  test('refuses other schemes, credentials and unknown names', async () => {
    await expect(checkTarget(new URL('file:///etc/passwd'), { allowHosts: [] })).rejects.toThrow(
      'http and https',
    )
    await expect(checkTarget(new URL('http://user:pw@example.com/'), { allowHosts: [] })).rejects.toThrow(
      'credentials',
    )
    const failing = async () => {
      throw new Error('ENOTFOUND')
    }
    await expect(
      checkTarget(new URL('http://nowhere.invalid/'), { allowHosts: [], resolve: failing }),
    ).rejects.toThrow('could not be found')
  })
})

describe('PROXY_ALLOW_HOSTS', () => {
  test('is read once into lower-case host names without IPv6 brackets', async () => {
    const { loadConfig } = await import('../config')
    const config = loadConfig({
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: '/tmp/pinpoint-config-test',
      PROXY_ALLOW_HOSTS: '127.0.0.1, [::1],LocalHost,',
    })
    expect(config.proxyAllowHosts).toEqual(['127.0.0.1', '::1', 'localhost'])
    expect(
      loadConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/pinpoint-config-test' }).proxyAllowHosts,
    ).toEqual([])
  })
})
