/**
 * The proxy's guard against server-side request forgery: a reviewed "website" must not be a way to reach
 * the server's own network (the cloud metadata endpoint at 169.254.169.254, a database on 10.0.0.5, an admin
 * page on localhost). Targets whose host is, or resolves to, a loopback, link-local, private, shared or
 * reserved address are refused unless `PROXY_ALLOW_HOSTS` names the host (tests and local development
 * proxy sites served from 127.0.0.1).
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

export class ProxyTargetRefused extends Error {
  override name = 'ProxyTargetRefused'
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

/** True when the address is loopback, link-local, private, shared, reserved, documentation or multicast. */
export function isBlockedAddress(ip: string): boolean {
  const family = isIP(ip)
  if (family === 4) return BLOCKED_V4.some((range) => inV4Range(ip, range))
  if (family !== 6) return true
  const groups = v6Groups(ip)
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const embeddedV4 = `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0
  if (zeroPrefix && g5 === 0) return true // ::, ::1 and the deprecated IPv4-compatible form
  if (zeroPrefix && g5 === 0xffff) return isBlockedAddress(embeddedV4) // IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b) return isBlockedAddress(embeddedV4) // NAT64
  if ((g0 & 0xfe00) === 0xfc00) return true // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true // documentation
  return false
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
 * `ProxyTargetRefused`. Every address a name resolves to must be public: a name with one public and one
 * private address could otherwise be steered to the private one.
 */
export async function checkTarget(url: URL, { allowHosts, resolve = defaultResolve }: TargetCheckOptions) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxyTargetRefused('Only http and https pages can be reviewed.')
  }
  if (url.username || url.password) throw new ProxyTargetRefused('Addresses with credentials are refused.')
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (allowHosts.includes(host)) return { host, address: isIP(host) ? host : null, allowListed: true }
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new ProxyTargetRefused(`The address ${host} could not be found.`)
    }
  }
  if (addresses.length === 0) throw new ProxyTargetRefused(`The address ${host} could not be found.`)
  if (addresses.some(isBlockedAddress)) {
    throw new ProxyTargetRefused(`${host} is a private or local address; the proxy does not fetch those.`)
  }
  return { host, address: addresses[0] ?? null, allowListed: false }
}
