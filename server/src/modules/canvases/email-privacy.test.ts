/**
 * Issue 21 item 8 (decision 027): a link holder (a guest, a user of another team, a logged-out visitor of
 * an anyone-with-link canvas) sees people's names and avatars, never another person's e-mail address.
 *
 * The walk takes EVERY route the app registers under /api/v1 (from the router itself, so a new route is
 * walked the day it is added), fills its path parameters with every id of a populated canvas world, and
 * calls it as each kind of link holder with a body that names the canvas and the viewer's own address.
 * No response body may contain an e-mail address other than the viewer's own.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { canvasAssets, labels, type User } from '@pinpoint/db'
import {
  buildCanvas,
  buildFolder,
  buildTeam,
  buildUser,
  DEFAULT_PASSWORD,
  uniqueEmail,
} from '@pinpoint/db/testing'
import { createTestApp } from '../../testing/harness'
import { createSession } from '../auth/session'

type App = Awaited<ReturnType<typeof createTestApp>>
let built: App
let db: App['context']['database']['db']
/** Path segment before a parameter (or the parameter's own name) -> the ids it may take. */
const ids: Record<string, string[]> = {}
let allIds: string[] = []
let canvasId = ''
let teamEmails: string[] = []

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g
/** Routes that are not part of the product's JSON surface: docs, the dev inbox (loopback only), the socket. */
const NOT_WALKED = [/^\/api\/v1\/openapi/, /^\/api\/v1\/dev\//, /^\/api\/v1\/realtime$/]

async function as(user: User | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (user)
    headers.cookie = `pinpoint_session=${(await createSession(db, { userId: user.id, now: new Date() })).token}`
  const res = await built.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, text: await res.text() }
}

async function json<T>(user: User, method: string, path: string, body?: unknown): Promise<T> {
  const res = await as(user, method, path, body)
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${path}: ${res.status} ${res.text}`)
  return JSON.parse(res.text) as T
}

/** Every concrete call of every route: each path parameter takes each id that fits where it stands. */
function concretePaths(pattern: string): string[] {
  const segments = pattern.split('/')
  let paths = ['']
  segments.forEach((segment, index) => {
    if (index === 0) return
    let options = [segment]
    if (segment.startsWith(':')) {
      const name = segment.slice(1)
      const before = segments[index - 1] ?? ''
      options = ids[name] ?? ids[before] ?? allIds
    }
    paths = paths.flatMap((path) => options.map((option) => `${path}/${option}`))
  })
  return paths
}

function routes(): { method: string; path: string }[] {
  const seen = new Set<string>()
  const list: { method: string; path: string }[] = []
  for (const route of built.app.routes) {
    if (!route.path.startsWith('/api/v1/') || route.path.includes('*')) continue
    if (NOT_WALKED.some((pattern) => pattern.test(route.path))) continue
    const methods = route.method === 'ALL' ? ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] : [route.method]
    for (const method of methods) {
      const key = `${method} ${route.path}`
      if (method === 'WS' || seen.has(key)) continue
      seen.add(key)
      list.push({ method, path: route.path })
    }
  }
  return list
}

beforeAll(async () => {
  built = await createTestApp()
  db = built.context.database.db
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const member = await buildUser(db, { teamId: team.id, name: 'Mia Member' })
  const outsiderTeam = await buildTeam(db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const invited = await buildUser(db, { name: 'Ines Invited' })
  const guest = await buildUser(db, { isGuest: true, name: 'Gus Guest' })
  const folder = await buildFolder(db, { user: owner })
  const { canvas, revision } = await buildCanvas(db, { user: owner, folder })
  canvasId = canvas.id
  const [asset] = await db
    .insert(canvasAssets)
    .values({
      canvasId: canvas.id,
      canvasRevisionId: revision.id,
      name: 'page.png',
      type: 'image',
      position: 0,
    })
    .returning()
  const [label] = await db
    .insert(labels)
    .values({ teamId: team.id, name: 'Bug', color: '#ff0000' })
    .returning()

  // The team at work, through the API: an invited canvas user, a share, reminders, comments that assign,
  // mention and reply, so every place a person can appear holds one.
  await json(owner, 'POST', `/api/v1/canvases/${canvas.id}/users`, { userId: invited.id, role: 'commenter' })
  // The other team's user is invited too, so the canvas is on their dashboard list (owner shown there).
  await json(owner, 'POST', `/api/v1/canvases/${canvas.id}/users`, {
    userId: outsiderTeam.owner.id,
    role: 'commenter',
  })
  await json(owner, 'POST', `/api/v1/canvases/${canvas.id}/share`, { emails: [uniqueEmail('shared')] })
  const reminderAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString()
  await json(owner, 'PUT', `/api/v1/canvases/${canvas.id}`, { readOnlyDate: reminderAt })
  const reminders = await json<{ deadlineReminders: { id: string }[] }>(
    owner,
    'POST',
    `/api/v1/canvases/${canvas.id}/deadline-reminders`,
    {
      userIds: [member.id],
      emails: [uniqueEmail('reminded')],
      reminderDates: [new Date(Date.now() + 86_400_000).toISOString()],
    },
  )
  const annotation = await json<{ annotation: { id: string } }>(owner, 'POST', '/api/v1/annotations', {
    CanvasId: canvas.id,
    comment: `Look @[${guest.name}](user:${guest.id}) and @[${member.name}](user:${member.id})`,
  })
  await json(owner, 'POST', `/api/v1/annotations/${annotation.annotation.id}/assigned-user/${member.id}`)
  const reply = await json<{ annotationReply?: { id: string }; reply?: { id: string } }>(
    member,
    'POST',
    `/api/v1/annotations/${annotation.annotation.id}/replies`,
    { comment: `Thanks @[${owner.name}](user:${owner.id})` },
  )
  await json(owner, 'POST', `/api/v1/annotations/${annotation.annotation.id}/labels/${label?.id}`)

  teamEmails = [owner.email, member.email, invited.email]
  const userIds = [owner.id, member.id, invited.id, guest.id, outsiderTeam.owner.id]
  Object.assign(ids, {
    canvases: [canvas.id, canvas.subdomain],
    canvasId: [canvas.id],
    annotations: [annotation.annotation.id],
    replies: [reply.annotationReply?.id ?? reply.reply?.id ?? ''],
    teams: [team.id],
    labels: [label?.id ?? ''],
    labelId: [label?.id ?? ''],
    folders: [folder.id],
    'canvas-revisions': [revision.id],
    assetId: [asset?.id ?? ''],
    'deadline-reminders': reminders.deadlineReminders.map((reminder) => reminder.id),
    userId: userIds,
  })
  allIds = [...new Set(Object.values(ids).flat())].filter(Boolean)
  viewers.guest = guest
  viewers.otherTeam = outsiderTeam.owner
  viewers.member = member
}, 60_000)

const viewers: Record<'guest' | 'otherTeam' | 'member', User | null> = {
  guest: null,
  otherTeam: null,
  member: null,
}

describe('a link holder never reads another person e-mail address', () => {
  for (const kind of ['logged-out visitor', 'guest', 'user of another team'] as const) {
    test(`walking every route as a ${kind}`, async () => {
      const viewer =
        kind === 'guest' ? viewers.guest : kind === 'user of another team' ? viewers.otherTeam : null
      const own = viewer?.email ?? uniqueEmail('visitor')
      const body = {
        CanvasId: canvasId,
        comment: 'walking',
        name: viewer?.name ?? 'Visitor',
        email: own,
        emails: [own],
        password: DEFAULT_PASSWORD,
        userId: viewer?.id ?? 'nobody',
        status: 'approved',
        role: 'commenter',
        title: 'walk',
        eventIds: [],
        reminderDates: [new Date(Date.now() + 86_400_000).toISOString()],
      }
      const leaks: string[] = []
      const answered = new Map<string, number>()
      const walk = routes()
      // Reads first, then writes (a write the viewer may make must not change what the reads saw).
      const ordered = [...walk.filter((r) => r.method === 'GET'), ...walk.filter((r) => r.method !== 'GET')]
      for (const route of ordered) {
        for (const path of concretePaths(route.path)) {
          const res = await as(viewer, route.method, path, route.method === 'GET' ? undefined : body)
          answered.set(
            `${route.method} ${route.path}`,
            Math.min(answered.get(`${route.method} ${route.path}`) ?? 999, res.status),
          )
          for (const found of res.text.match(EMAIL) ?? []) {
            if (found.toLowerCase() !== own.toLowerCase())
              leaks.push(`${route.method} ${path} (${res.status}): ${found}`)
          }
        }
      }
      expect(leaks).toEqual([])
      // The walk reached the canvas's people: these answered 200 to the link holder.
      for (const key of [
        'GET /api/v1/canvases/:id',
        'GET /api/v1/canvases/:id/users',
        'GET /api/v1/canvases/:id/users/:userId',
        'GET /api/v1/canvases/:id/annotations',
        'GET /api/v1/canvases/:id/events',
      ])
        expect(`${key} ${answered.get(key)}`).toBe(`${key} 200`)
      if (kind === 'user of another team') {
        const dashboard = await as(viewer, 'GET', '/api/v1/users/me/canvases')
        expect(dashboard.text).toContain(canvasId)
      }
      expect(walk.length).toBeGreaterThan(60)
    }, 120_000)
  }

  test('team members keep the addresses they work with', async () => {
    const member = viewers.member
    const res = await as(member, 'GET', `/api/v1/canvases/${canvasId}/users`)
    for (const email of teamEmails) expect(res.text).toContain(email)
    const canvas = await as(member, 'GET', `/api/v1/canvases/${canvasId}`)
    expect(canvas.text).toContain(teamEmails[0] ?? 'owner')
  })
})
