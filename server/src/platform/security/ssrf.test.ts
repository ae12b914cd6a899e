import { describe, expect, test } from 'bun:test'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkTarget, isBlockedAddress, TargetRefused } from './ssrf'

describe('isBlockedAddress', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '192.88.99.1',
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

describe('IPv6 forms that embed or tunnel to an IPv4 address', () => {
  // [form, address]: every one reaches a loopback, private or metadata IPv4 address, or is a tunnel
  // prefix refused as a whole.
  test.each([
    ['IPv4-mapped, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped, hex', '::ffff:a9fe:a9fe'],
    ['IPv4-translated, dotted', '::ffff:0:127.0.0.1'],
    ['IPv4-translated, hex', '::ffff:0:a00:1'],
    ['IPv4-translated, metadata', '::ffff:0:169.254.169.254'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible, public', '::8.8.8.8'],
    ['NAT64, dotted', '64:ff9b::10.0.0.1'],
    ['NAT64, hex', '64:ff9b::c0a8:1'],
    ['NAT64 local-use prefix', '64:ff9b:1::808:808'],
    ['6to4, loopback', '2002:7f00:1::'],
    ['6to4, private', '2002:c0a8:101::1'],
    ['6to4, public (refused as a whole)', '2002:808:808::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo, private server', '2001:0:a00:1::1'],
    ['benchmarking', '2001:2::1'],
    ['ORCHIDv2', '2001:20::1'],
    ['documentation', '2001:db8::1'],
    ['documentation (RFC 9637)', '3fff::1'],
    ['discard-only', '100::1'],
    ['SRv6 SIDs (outside global unicast)', '5f00::1'],
    ['upper-case, zero-padded', '0000:0000:0000:0000:0000:FFFF:7F00:0001'],
  ])('%s %s is refused', (_form, ip) => {
    expect(isBlockedAddress(ip)).toBe(true)
  })

  test.each([
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['IPv4-translated public', '::ffff:0:8.8.8.8'],
    ['NAT64 public (DNS64 answer)', '64:ff9b::808:808'],
    ['global unicast next to 6to4', '2003::1'],
    ['global unicast next to the IETF block', '2001:200::1'],
    ['global unicast', '2a00:1450:4001::200e'],
  ])('%s %s is public', (_form, ip) => {
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
      await expect(checkTarget(new URL(url), { allowHosts: [] })).rejects.toBeInstanceOf(TargetRefused)
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
    ).rejects.toBeInstanceOf(TargetRefused)
    await expect(checkTarget(new URL('http://localhost/'), { allowHosts: [] })).rejects.toBeInstanceOf(
      TargetRefused,
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
    const { loadConfig } = await import('../../config')
    const config = loadConfig({
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: join(tmpdir(), 'pinpoint-config-test'),
      PROXY_ALLOW_HOSTS: '127.0.0.1, [::1],LocalHost,',
    })
    expect(config.proxyAllowHosts).toEqual(['127.0.0.1', '::1', 'localhost'])
    expect(
      loadConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: join(tmpdir(), 'pinpoint-config-test') })
        .proxyAllowHosts,
    ).toEqual([])
  })
})
