/**
 * Whether a front-end slice fits the shell (docs/micro-frontends.md). Every build writes a `pinpoint` block
 * into its mf-manifest.json: the contract version it was built against (the mount API and the shared atoms
 * of @pinpoint/state, packages/state/contract.json), the shared singletons with the version it carries and
 * the range it requires, and (a remote) the modules it exposes. The release registry checks a slice against
 * the live shell before it may go live, and the shell checks again at run time before mounting it; both
 * use these rules, so they refuse the same builds with the same words.
 */

/** The `pinpoint` block of an mf-manifest.json. */
export type ContractDeclaration = {
  /** Contract version, "major.minor". */
  contract: string
  /** Share key -> the version this build carries and the range it requires of the page's copy. */
  shared: Record<string, { version: string; requiredVersion: string }>
  /** Exposed modules without './' (a remote); empty for the shell. */
  exposes: string[]
  /** The shell's: slice -> the modules it mounts. */
  mount?: Record<string, string[]>
}

type Version = [number, number, number]

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim())
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const diff = (a[i] as number) - (b[i] as number)
    if (diff !== 0) return diff
  }
  return 0
}

/**
 * Whether `version` satisfies `range`: `*`, an exact `x.y.z`, `~x.y.z` or `^x.y.z` with npm's meaning
 * (`^0.1.0` is >=0.1.0 <0.2.0). These are the only ranges our builds write; anything else is refused,
 * so an unknown range is never waved through.
 */
export function satisfiesRange(version: string, range: string): boolean {
  const have = parseVersion(version)
  if (!have) return false
  const trimmed = range.trim()
  if (trimmed === '*' || trimmed === '') return true
  const operator = trimmed[0] === '^' || trimmed[0] === '~' ? trimmed[0] : ''
  const want = parseVersion(trimmed.slice(operator.length))
  if (!want) return false
  if (compare(have, want) < 0) return false
  if (operator === '') return compare(have, want) === 0
  if (operator === '~') return have[0] === want[0] && have[1] === want[1]
  if (want[0] > 0) return have[0] === want[0]
  if (want[1] > 0) return have[0] === 0 && have[1] === want[1]
  return have[0] === 0 && have[1] === 0 && have[2] === want[2]
}

function parseContractVersion(text: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)$/.exec(text)
  return match ? [Number(match[1]), Number(match[2])] : null
}

/**
 * What keeps `remote` (the slice `slice`) from running in the shell `host`, one sentence each; empty when
 * it fits. The contract's major must be the shell's and its minor at most the shell's (a slice may use
 * what an older contract offered, not what the shell does not have yet); every singleton the slice shares
 * must be provided by the shell in a version the slice's range accepts (otherwise the federation runtime
 * would quietly load a second copy: a second React, an empty Jotai store); and the slice must expose every
 * module the shell mounts from it.
 */
export function contractMismatches(
  host: ContractDeclaration,
  slice: string,
  remote: ContractDeclaration | null,
): string[] {
  if (!remote) return [`${slice} declares no contract (it was built without the pinpoint manifest block)`]
  const problems: string[] = []
  const want = parseContractVersion(remote.contract)
  const have = parseContractVersion(host.contract)
  if (!want || !have) {
    problems.push(`contract: ${slice} declares "${remote.contract}", the shell implements "${host.contract}"`)
  } else if (want[0] !== have[0] || want[1] > have[1]) {
    problems.push(`contract: ${slice} needs ${remote.contract}, the shell implements ${host.contract}`)
  }
  for (const [key, { requiredVersion }] of Object.entries(remote.shared).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const provided = host.shared[key]
    if (!provided) problems.push(`shared ${key}: ${slice} shares it, the shell does not provide it`)
    else if (!satisfiesRange(provided.version, requiredVersion))
      problems.push(
        `shared ${key}: ${slice} requires ${requiredVersion}, the shell provides ${provided.version}`,
      )
  }
  for (const module of host.mount?.[slice] ?? []) {
    if (!remote.exposes.includes(module))
      problems.push(`mount: the shell mounts ${slice}/${module}, which this build does not expose`)
  }
  return problems
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The `pinpoint` block of a parsed mf-manifest.json, or null when it has none (or a malformed one). */
export function readContractDeclaration(manifest: unknown): ContractDeclaration | null {
  if (!isRecord(manifest) || !isRecord(manifest.pinpoint)) return null
  const block = manifest.pinpoint
  if (typeof block.contract !== 'string' || !isRecord(block.shared)) return null
  const shared: ContractDeclaration['shared'] = {}
  for (const [key, value] of Object.entries(block.shared)) {
    if (!isRecord(value) || typeof value.version !== 'string' || typeof value.requiredVersion !== 'string')
      return null
    shared[key] = { version: value.version, requiredVersion: value.requiredVersion }
  }
  const exposes = Array.isArray(block.exposes)
    ? block.exposes.filter((name): name is string => typeof name === 'string')
    : []
  const declaration: ContractDeclaration = { contract: block.contract, shared, exposes }
  if (isRecord(block.mount)) {
    const mount: Record<string, string[]> = {}
    for (const [name, modules] of Object.entries(block.mount))
      if (Array.isArray(modules)) mount[name] = modules.filter((m): m is string => typeof m === 'string')
    declaration.mount = mount
  }
  return declaration
}
