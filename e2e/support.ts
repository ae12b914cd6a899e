import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import type { E2eFixtures } from './serve'

/** Fixtures seeded by serve.ts for this run. */
export function fixtures(): E2eFixtures {
  const dir = process.env.PINPOINT_E2E_DATA_DIR
  if (!dir) throw new Error('PINPOINT_E2E_DATA_DIR is not set')
  return JSON.parse(readFileSync(join(dir, 'fixtures.json'), 'utf8')) as E2eFixtures
}

let counter = 0
/** A unique e-mail address for this run. */
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}${counter}@e2e.test`
}

export const PASSWORD = 'correct horse battery staple'

/** Saves a screenshot under e2e/screenshots (looked at by a person after the run). */
export async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: join(import.meta.dirname, 'screenshots', `${name}.png`), fullPage })
}

/**
 * Headers that make an API sign-up come from a network of its own. The server allows 20 sign-ups per
 * address an hour (rate-limit LIMITS.signupIp); the journeys sign up far more accounts than that from one
 * machine, as if each were a different customer, so each names its own address (the e2e server trusts
 * X-Forwarded-For). 198.19.0.0/16 is a benchmarking range; shell.spec's login guessing uses 198.18.7.x.
 */
export function ownNetwork(): Record<string, string> {
  const part = () => 1 + Math.floor(Math.random() * 254)
  return { 'x-forwarded-for': `198.19.${part()}.${part()}` }
}

/** Creates an account over the API (the browser context keeps the session cookie). */
export async function signUpByApi(
  request: APIRequestContext,
  { email, name, teamName, plan }: { email: string; name: string; teamName?: string; plan?: string },
) {
  const response = await request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email, name, password: PASSWORD, teamName, plan },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { user: { id: string; TeamId: string | null } }
}

/**
 * Invites `email` into the team `teamId` (the owner is signed in on `owner`) and signs them up through the
 * link of the invite e-mail on `joiner`, a request context of their own (which keeps their session).
 */
export async function joinTeamByInvite(
  owner: APIRequestContext,
  teamId: string,
  joiner: APIRequestContext,
  { email, name }: { email: string; name: string },
) {
  const invited = await owner.post(`/api/v1/teams/${teamId}/invites`, { data: { emails: [email] } })
  expect(invited.status(), await invited.text()).toBeLessThan(300)
  const inviteCode = new URL(await inviteLinkFromOutbox(owner, email)).searchParams.get('inviteCode')
  const joined = await joiner.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email, name, password: PASSWORD, inviteCode },
  })
  expect(joined.status(), await joined.text()).toBe(201)
}

/**
 * Signs up an owner ('Olga Owner', a team on the enterprise plan) on `owner`, and a teammate ('Tess
 * Teammate') who joins by invite on `mate`, a request context of their own. `prefix` starts both e-mails.
 */
export async function ownerWithTeammate(
  owner: APIRequestContext,
  mate: APIRequestContext,
  { prefix, teamName }: { prefix: string; teamName: string },
) {
  const { user } = await signUpByApi(owner, {
    email: uniqueEmail(`${prefix}owner`),
    name: 'Olga Owner',
    teamName,
    plan: 'enterprise35peruser',
  })
  const mateEmail = uniqueEmail(`${prefix}mate`)
  await joinTeamByInvite(owner, user.TeamId ?? '', mate, { email: mateEmail, name: 'Tess Teammate' })
  return { user, mateEmail }
}

/** The packages the shell and the slice host share with every slice as singletons (docs/micro-frontends.md). */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'jotai',
  '@tanstack/react-query',
  '@pinpoint/state',
  '@pinpoint/ui',
  '@pinpoint/api',
]

/**
 * Each shared singleton is in the share scope once, loaded from the host `from` (its federation name;
 * `host` names it in the messages). `shared` is ShellPage.sharedModules().
 */
export function expectSingletonsFrom(
  shared: Record<string, Record<string, { from: string; loaded: boolean }>>,
  from: string,
  host: string,
) {
  for (const key of SHARED_SINGLETONS) {
    const versions = Object.values(shared[key] ?? {})
    expect(versions, `${key} is in the share scope once`).toHaveLength(1)
    expect(versions[0], `${key} comes from the ${host}`).toMatchObject({ from, loaded: true })
  }
}

/** The first link matching `link` in the latest e-mail of `kind` sent to `email` (development outbox). */
export async function linkFromOutbox(
  request: APIRequestContext,
  email: string,
  kind: RegExp,
  link: RegExp,
): Promise<string> {
  let found: string | null = null
  await expect
    .poll(async () => {
      const list = await (await request.get('/api/v1/dev/outbox')).text()
      const rows = [...list.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1] ?? '')
      const href = rows.find((r) => r.includes(email) && kind.test(r))?.match(/href="([^"]+)"/)?.[1]
      if (!href) return null
      const message = (await (await request.get(href)).text()).replace(/&amp;/g, '&').replace(/&quot;/g, '"')
      found = message.match(link)?.[0] ?? null
      return found
    })
    .not.toBeNull()
  return found as unknown as string
}

/** The accept link of the latest invite e-mail sent to `email`, read from the development outbox. */
export async function inviteLinkFromOutbox(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null
  await expect
    .poll(async () => {
      const list = await (await request.get('/api/v1/dev/outbox')).text()
      const rows = [...list.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1] ?? '')
      const row = rows.find((r) => r.includes(email) && /invite/i.test(r))
      const href = row?.match(/href="([^"]+)"/)?.[1]
      if (!href) return null
      const message = await (await request.get(href)).text()
      const decoded = message
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
      link = decoded.match(/https?:\/\/[^\s"'<>]+inviteCode=[A-Za-z0-9_-]+/)?.[0] ?? null
      return link
    })
    .not.toBeNull()
  return link as unknown as string
}
