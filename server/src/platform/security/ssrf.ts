/**
 * The one guard against server-side request forgery, for every request the server makes to an address a
 * user gave: the proxy's reviewed "website", a webhook receiver, a self-hosted issue tracker. None of them
 * may be a way to reach the server's own network (the cloud metadata endpoint at 169.254.169.254, a
 * database on 10.0.0.5, an admin page on localhost). Targets whose host is, or resolves to, a loopback,
 * link-local, private, shared or reserved address are refused unless `PROXY_ALLOW_HOSTS` (the single
 * allow-list) names the host (tests and local development serve from 127.0.0.1).
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

export class TargetRefused extends Error {
  override name = 'TargetRefused'
  /**
   * 403 for a target the server will not reach, 502 for a name that does not resolve (the site cannot
   * be reached, as a browser would find too).
   */
  constructor(
    message: string,
    readonly status: 403 | 502 = 403,
  ) {
    super(message)
  }
}

/** IPv4 ranges a proxied request may never reach: [network, prefix length]. */
const BLOCKED_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including the cloud metadata endpoint
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // former 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
]

function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0)
}

function inV4Range(ip: string, [network, bits]: readonly [string, number]): boolean {
  // Division instead of bit masks: JavaScript's bitwise operators are signed 32-bit.
  const block = 2 ** (32 - bits)
  return Math.floor(v4ToNumber(ip) / block) === Math.floor(v4ToNumber(network) / block)
}

/** Expands an IPv6 text form into its eight 16-bit groups (an embedded dotted IPv4 tail becomes two groups). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? ''
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted?.[1]) {
    const n = v4ToNumber(dotted[1])
    text = `${text.slice(0, dotted.index)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0')
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group || '0', 16))
}

function v6Number(groups: readonly number[]): bigint {
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n)
}

/** An IPv6 range as a 128-bit network number and prefix length, from its text form. */
function v6Range(network: string, bits: number): readonly [bigint, number] {
  return [v6Number(v6Groups(network)), bits]
}

function inV6Range(address: bigint, [network, bits]: readonly [bigint, number]): boolean {
  const shift = BigInt(128 - bits)
  return address >> shift === network >> shift
}

/**
 * IPv6 forms that carry an IPv4 address in their last 32 bits and reach it: the address is judged by
 * that IPv4 address (a DNS64 resolver hands out NAT64 addresses for every public IPv4 site, so refusing
 * the whole range would refuse the web on an IPv6-only network).
 */
const EMBEDDING_V6 = [
  v6Range('::ffff:0:0', 96), // IPv4-mapped
  v6Range('::ffff:0:0:0', 96), // IPv4-translated (SIIT)
  v6Range('64:ff9b::', 96), // NAT64, well-known prefix
]

/** Only global unicast (2000::/3) is fetched, and not these special parts of it. */
const GLOBAL_UNICAST_V6 = v6Range('2000::', 3)
const BLOCKED_GLOBAL_V6 = [
  // IETF protocol assignments: Teredo (2001::/32, which tunnels to an IPv4 address hidden in the last 32
  // bits), benchmarking, ORCHID, AMT. No site publishes these; a relay could reach a private address.
  v6Range('2001::', 23),
  v6Range('2001:db8::', 32), // documentation
  // 6to4 (the IPv4 address in bits 16-48): reached through whichever relay the server's network picks,
  // so an embedded private address could be reached; 6to4 is deprecated (RFC 7526), refused outright.
  v6Range('2002::', 16),
  v6Range('3fff::', 20), // documentation (RFC 9637)
]

/**
 * True when the address is loopback, link-local, private, shared, reserved, documentation, multicast, or
 * an IPv6 form that embeds or tunnels to an IPv4 address that is one of those.
 *
 * IPv6 outside global unicast is refused as a whole, which covers ::, ::1, the deprecated
 * IPv4-compatible ::a.b.c.d, the local-use NAT64 prefix 64:ff9b:1::/48, discard-only 100::/64, unique
 * local fc00::/7, link-local fe80::/10, site-local and multicast, and any range assigned later.
 */
export function isBlockedAddress(ip: string): boolean {
  const family = isIP(ip)
  if (family === 4) return BLOCKED_V4.some((range) => inV4Range(ip, range))
  if (family !== 6) return true
  const address = v6Number(v6Groups(ip))
  if (EMBEDDING_V6.some((range) => inV6Range(address, range))) {
    const v4 = Number(address & 0xffffffffn)
    return isBlockedAddress(`${v4 >>> 24}.${(v4 >>> 16) & 255}.${(v4 >>> 8) & 255}.${v4 & 255}`)
  }
  if (!inV6Range(address, GLOBAL_UNICAST_V6)) return true
  return BLOCKED_GLOBAL_V6.some((range) => inV6Range(address, range))
}

export interface TargetCheckOptions {
  /** Host names or IP literals (lower case, IPv6 without brackets) that may be private. */
  allowHosts: readonly string[]
  /** Injected by tests; resolves a host name to its addresses. */
  resolve?: (hostname: string) => Promise<string[]>
}

const defaultResolve = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/**
 * Checks a target URL and returns the address to connect to (the first resolved one), or throws
 * `TargetRefused`. Every address a name resolves to must be public: a name with one public and one
 * private address could otherwise be steered to the private one.
 */
export async function checkTarget(url: URL, { allowHosts, resolve = defaultResolve }: TargetCheckOptions) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefused('Only http and https addresses can be used.')
  }
  if (url.username || url.password) throw new TargetRefused('Addresses with credentials are refused.')
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (allowHosts.includes(host)) return { host, address: isIP(host) ? host : null, allowListed: true }
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new TargetRefused(`The address ${host} could not be found.`, 502)
    }
  }
  if (addresses.length === 0) throw new TargetRefused(`The address ${host} could not be found.`, 502)
  if (addresses.some(isBlockedAddress)) {
    throw new TargetRefused(`${host} is a private or local address; the server does not connect to those.`)
  }
  return { host, address: addresses[0] ?? null, allowListed: false }
}
