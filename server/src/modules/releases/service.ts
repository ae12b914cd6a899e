/**
 * The front-end release registry (docs/micro-frontends.md, decision 051): publish a slice's build as an
 * immutable version, make a version live, roll back, and the remotes.json the shell reads, generated from
 * it. Publishing and switching are refused when the build does not fit the live shell
 * (packages/domain/src/frontend-contract.ts), with the mismatches named; staff only (`staff.tools`).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { frontendReleaseSwitches, frontendReleases } from '@pinpoint/db'
import {
  Conflict,
  type ContractDeclaration,
  contractMismatches,
  NotFound,
  readContractDeclaration,
  ValidationFailed,
} from '@pinpoint/domain'
import { and, desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import type { Actor } from '../auth/actor'
import { isReleaseFilePath, isSlice, type ReleaseStore, SLICES, type Slice, VERSION_PATTERN } from './store'

export type ReleaseContext = Pick<AppContext, 'database' | 'config' | 'logger'> & {
  releaseStore: ReleaseStore
}

export type ReleaseFile = { path: string; content: string }

/** An entry of remotes.json: the live manifest, its version, and the last good ones to fall back to. */
export type RemoteEntry = { entry: string; version: string | null; fallbacks: string[] }

const MAX_FILES = 2000

/** The contract the shell being served implements (the pinpoint block of shell/dist/mf-manifest.json). */
export function liveShellDeclaration(rootDir: string): ContractDeclaration {
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(join(rootDir, 'shell', 'dist', 'mf-manifest.json'), 'utf8'))
  } catch {
    throw new Conflict('The shell is not built, so no slice can be checked against it: run npm start')
  }
  const declaration = readContractDeclaration(manifest)
  if (!declaration) throw new Conflict('The live shell declares no contract: rebuild it (npm run build)')
  return declaration
}

function sliceOf(name: string): Slice {
  if (!isSlice(name)) throw new NotFound(`No slice "${name}" (slices: ${SLICES.join(', ')}).`)
  return name
}

function refuseMismatch(slice: Slice, version: string, problems: string[]): never {
  throw new ValidationFailed(`${slice} ${version} does not fit the live shell: ${problems.join('; ')}.`, {
    mismatches: problems,
  })
}

function staff(actor: Actor) {
  authorize(actor, 'staff.tools', undefined, 'Only staff members can publish and switch releases.')
  const user = actor.user
  if (!user) throw new NotFound()
  return user
}

/**
 * Publishes a build (every file of the slice's dist/ folder except the standalone app/) as `version`.
 * Refused when the version exists (versions never change), when the manifest is missing or declares no
 * contract, or (unless `force`) when it does not fit the live shell.
 */
export async function publishRelease(
  ctx: ReleaseContext,
  actor: Actor,
  sliceName: string,
  input: { version: string; files: ReleaseFile[]; force?: boolean },
) {
  const user = staff(actor)
  const slice = sliceOf(sliceName)
  const { version, files } = input
  if (!VERSION_PATTERN.test(version))
    throw new ValidationFailed('A version is letters, digits, dots, dashes and underscores (at most 64).')
  if (files.length === 0 || files.length > MAX_FILES)
    throw new ValidationFailed(`A release has between 1 and ${MAX_FILES} files.`)
  const bad = files.find((file) => !isReleaseFilePath(file.path))
  if (bad) throw new ValidationFailed(`"${bad.path}" is not a file path of a build.`)
  const manifestFile = files.find((file) => file.path === 'mf-manifest.json')
  if (!manifestFile || !files.some((file) => file.path === 'remoteEntry.js'))
    throw new ValidationFailed('A release holds the build’s mf-manifest.json and remoteEntry.js.')
  let manifest: unknown
  try {
    manifest = JSON.parse(Buffer.from(manifestFile.content, 'base64').toString('utf8'))
  } catch {
    throw new ValidationFailed('mf-manifest.json is not JSON.')
  }
  const declaration = readContractDeclaration(manifest)
  const problems = contractMismatches(liveShellDeclaration(ctx.config.rootDir), slice, declaration)
  if (problems.length > 0 && !input.force) refuseMismatch(slice, version, problems)

  const existing = await ctx.database.db
    .select({ id: frontendReleases.id })
    .from(frontendReleases)
    .where(and(eq(frontendReleases.slice, slice), eq(frontendReleases.version, version)))
  if (existing.length > 0 || (await ctx.releaseStore.get(slice, version, 'mf-manifest.json')))
    throw new Conflict(`${slice} ${version} is already published; a version never changes: publish another.`)

  let bytes = 0
  // The manifest last: a version whose manifest exists is complete.
  for (const file of [...files.filter((f) => f !== manifestFile), manifestFile]) {
    bytes += await ctx.releaseStore.put(slice, version, file.path, Buffer.from(file.content, 'base64'))
  }
  const [row] = await ctx.database.db
    .insert(frontendReleases)
    .values({
      slice,
      version,
      declaration: declaration as ContractDeclaration,
      files: files.length,
      bytes,
      publishedByUserId: user.id,
      publishedByEmail: user.email,
    })
    .returning()
  ctx.logger.info('frontend release published', {
    slice,
    version,
    files: files.length,
    bytes,
    by: user.email,
  })
  return row
}

async function switchesOf(ctx: Pick<ReleaseContext, 'database'>, slice: Slice) {
  return ctx.database.db
    .select()
    .from(frontendReleaseSwitches)
    .where(eq(frontendReleaseSwitches.slice, slice))
    .orderBy(desc(frontendReleaseSwitches.switchedAt), desc(frontendReleaseSwitches.id))
}

/**
 * Makes `version` of the slice live (null: the build that ships with the server). Refused when it was never
 * published, or (unless `force`) when it does not fit the live shell. Takes effect on the next page load:
 * remotes.json is read from the registry on every request.
 */
export async function switchRelease(
  ctx: ReleaseContext,
  actor: Actor,
  sliceName: string,
  input: { version: string | null; force?: boolean },
) {
  const user = staff(actor)
  const slice = sliceOf(sliceName)
  const { version, force = false } = input
  if (version !== null) {
    const [release] = await ctx.database.db
      .select()
      .from(frontendReleases)
      .where(and(eq(frontendReleases.slice, slice), eq(frontendReleases.version, version)))
    if (!release) throw new NotFound(`${slice} ${version} was never published.`)
    const problems = contractMismatches(
      liveShellDeclaration(ctx.config.rootDir),
      slice,
      readContractDeclaration({ pinpoint: release.declaration }),
    )
    if (problems.length > 0 && !force) refuseMismatch(slice, version, problems)
  }
  const [row] = await ctx.database.db
    .insert(frontendReleaseSwitches)
    .values({ slice, version, forced: force, switchedByUserId: user.id, switchedByEmail: user.email })
    .returning()
  ctx.logger.info('frontend release switched', { slice, version, forced: force, by: user.email })
  return row
}

/** Makes live again the version that was live before the current one (the shipped build when there is none). */
export async function rollbackRelease(ctx: ReleaseContext, actor: Actor, sliceName: string) {
  staff(actor)
  const slice = sliceOf(sliceName)
  const [live, ...earlier] = await switchesOf(ctx, slice)
  if (!live)
    throw new Conflict(`${slice} runs the build that ships with the server: there is nothing to roll back.`)
  const previous = earlier.find((row) => row.version !== live.version && !row.forced)
  return switchRelease(ctx, actor, slice, { version: previous?.version ?? null })
}

/** Per slice: what is live (who switched, when), the versions published, and the switches, newest first. */
export async function listReleases(ctx: ReleaseContext, actor: Actor) {
  staff(actor)
  const releases = await ctx.database.db
    .select()
    .from(frontendReleases)
    .orderBy(desc(frontendReleases.publishedAt))
  const result = []
  for (const slice of SLICES) {
    const switches = await switchesOf(ctx, slice)
    const live = switches[0]
    result.push({
      slice,
      live: live?.version
        ? {
            version: live.version,
            switchedBy: live.switchedByEmail,
            switchedAt: live.switchedAt,
            forced: live.forced,
          }
        : {
            version: null,
            switchedBy: live?.switchedByEmail ?? null,
            switchedAt: live?.switchedAt ?? null,
            forced: false,
          },
      versions: releases
        .filter((release) => release.slice === slice)
        .map((release) => ({
          version: release.version,
          publishedBy: release.publishedByEmail,
          publishedAt: release.publishedAt,
          files: release.files,
          bytes: release.bytes,
          contract: (release.declaration as ContractDeclaration).contract,
        })),
      switches: switches.slice(0, 20).map((row) => ({
        version: row.version,
        switchedBy: row.switchedByEmail,
        switchedAt: row.switchedAt,
        forced: row.forced,
      })),
    })
  }
  return result
}

export function releaseManifestUrl(slice: Slice, version: string): string {
  return `/releases/${slice}/${version}/mf-manifest.json`
}

/**
 * remotes.json: for each slice its live release, or the configured build (REMOTES / mf-<slice>/dist) while
 * the registry has none, so a first run needs nothing. Each entry lists the earlier good versions (those made
 * live without force, newest first) and the configured build: the shell falls back to them, in order, when
 * the live one does not fit it.
 */
export async function remotesDocument(
  ctx: Pick<ReleaseContext, 'database'>,
  configured: Record<string, string>,
): Promise<Record<string, RemoteEntry | string>> {
  const rows = await ctx.database.db
    .select()
    .from(frontendReleaseSwitches)
    .orderBy(desc(frontendReleaseSwitches.switchedAt), desc(frontendReleaseSwitches.id))
  const document: Record<string, RemoteEntry | string> = { ...configured }
  for (const slice of SLICES) {
    const switches = rows.filter((row) => row.slice === slice)
    const live = switches[0]
    const shipped = configured[slice]
    if (!live?.version) continue
    const fallbacks: string[] = []
    for (const row of switches.slice(1)) {
      if (row.forced || row.version === live.version) continue
      const url = row.version ? releaseManifestUrl(slice, row.version) : shipped
      if (url && !fallbacks.includes(url)) fallbacks.push(url)
    }
    if (shipped && !fallbacks.includes(shipped)) fallbacks.push(shipped)
    document[slice] = { entry: releaseManifestUrl(slice, live.version), version: live.version, fallbacks }
  }
  return document
}
