/**
 * The shell's run-time check of a slice (docs/micro-frontends.md): before mounting a remote it reads the
 * remote's mf-manifest.json and refuses one whose contract or shared singletons it cannot satisfy (the
 * same rules the release registry applies, packages/domain/src/frontend-contract.ts), trying the earlier
 * good versions remotes.json lists instead. Without it a mismatched slice fails silently: a second React,
 * an empty Jotai store.
 */
import { type ContractDeclaration, contractMismatches, readContractDeclaration } from '@pinpoint/domain'
import contract from '@pinpoint/state/contract.json'

// Defined by the build; absent when a test imports the shell's modules under Bun (nothing is provided then).
const PROVIDED: Record<string, string> = typeof __PINPOINT_SHARED__ === 'undefined' ? {} : __PINPOINT_SHARED__

/** What this shell implements and provides. */
export const SHELL_DECLARATION: ContractDeclaration = {
  contract: contract.version,
  shared: Object.fromEntries(
    Object.entries(PROVIDED).map(([key, version]) => [key, { version, requiredVersion: `^${version}` }]),
  ),
  exposes: [],
  mount: contract.mount,
}

/** A slice refused at run time, and what is shown instead. */
export type FitNotice = { remote: string; refused: string; problems: string[]; using: string | null }

export type Candidate = { url: string; version: string | null }

export async function readDeclaration(url: string): Promise<ContractDeclaration | null> {
  const response = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return readContractDeclaration(await response.json())
}

/** The version named in a release URL (/releases/<slice>/<version>/...), or null for a shipped build. */
export function versionOf(url: string): string | null {
  return /\/releases\/[^/]+\/([^/]+)\//.exec(url)?.[1] ?? null
}

/**
 * The first candidate that fits the shell, and a notice when that is not the first one (the live version
 * was refused). Throws with the mismatches named when none fits.
 */
export async function firstFitting(
  remote: string,
  candidates: Candidate[],
): Promise<{ chosen: Candidate; notice: FitNotice | null }> {
  let refused: { candidate: Candidate; problems: string[] } | null = null
  for (const candidate of candidates) {
    let problems: string[]
    try {
      problems = contractMismatches(SHELL_DECLARATION, remote, await readDeclaration(candidate.url))
    } catch (error) {
      // An unreachable manifest is the Retry panel's business when it is the only candidate.
      if (candidates.length === 1) throw error
      problems = [`${candidate.url} could not be read`]
    }
    if (problems.length === 0) {
      const notice = refused
        ? {
            remote,
            refused: refused.candidate.version ?? 'the live version',
            problems: refused.problems,
            using: candidate.version,
          }
        : null
      return { chosen: candidate, notice }
    }
    console.error(`Refused ${remote} ${candidate.version ?? candidate.url}: ${problems.join('; ')}`)
    refused ??= { candidate, problems }
  }
  throw new Error(`${remote} does not fit this shell: ${refused?.problems.join('; ') ?? 'no candidate'}`)
}
