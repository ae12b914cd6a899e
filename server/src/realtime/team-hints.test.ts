/**
 * The team topic of the live dashboard (decision 054) over a listening server, real HTTP and real
 * PostgreSQL: who may follow a team's hints, which writes become hints, and that a hint never carries a
 * title or a comment, nor reaches anyone who may not list the canvas.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { buildCanvas, buildFolder, buildTeam, buildUser } from '@pinpoint/db/testing'
import { buildRealtimeCast, startSocketServer } from './test-server'
import type { TestSocket } from './test-socket'

const SECRET = 'team-hint-secret-text-7f3a'
const server = await startSocketServer()
const { baseUrl, db } = server
const { owner, member, teamId, guest } = await buildRealtimeCast(db)
const outsider = (await buildTeam(db, { plan: 'enterprise35peruser' })).owner
const loner = await buildUser(db)
afterAll(() => server.stop())

const tokenFor = (user: User) => server.tokenFor(user)
const open = (user?: User) => server.open(user)

function followTeam(socket: TestSocket, id = teamId) {
  return socket.request(
    { type: 'team.subscribe', teamId: id },
    (f) => f.type === 'team.subscribed' || f.type === 'error',
  )
}

async function call(user: User, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: `pinpoint_session=${await tokenFor(user)}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  expect(res.status, text).toBeLessThan(300)
  return text ? JSON.parse(text) : null
}

/**
 * Runs `action` and waits for the hint of `kind` it causes: a `dashboard.hint` about a canvas, or a
 * `dashboard.project-hint` about a project (`about` names the id field).
 */
function hearsHint<T>(
  socket: TestSocket,
  type: string,
  about: string,
  id: string,
  kind: string,
  action: () => Promise<T>,
) {
  return socket.during((f) => f.type === type && f[about] === id && f.kind === kind, action)
}

const hears = <T>(socket: TestSocket, canvasId: string, kind: string, action: () => Promise<T>) =>
  hearsHint(socket, 'dashboard.hint', 'canvasId', canvasId, kind, action)

describe('following a team', () => {
  test('a member of the team may; another team, a guest, a user without a team and nobody may not', async () => {
    expect(await followTeam(await open(member))).toMatchObject({ type: 'team.subscribed', teamId })
    expect(await followTeam(await open(owner))).toMatchObject({ type: 'team.subscribed', teamId })
    for (const user of [outsider, guest, loner]) {
      expect(await followTeam(await open(user))).toMatchObject({ type: 'error', status: 403 })
    }
    expect(await followTeam(await open())).toMatchObject({ type: 'error', status: 401 })
  })

  test('a guest invited to one canvas of the team is refused, and hears nothing of it', async () => {
    const { canvas } = await buildCanvas(db, { user: owner, title: 'Shared with a guest' })
    await call(owner, 'POST', `/canvases/${canvas.id}/users`, { email: guest.email, role: 'commenter' })
    const guestSocket = await open(guest)
    expect(await followTeam(guestSocket)).toMatchObject({ type: 'error', status: 403 })
    const watcher = await open(member)
    await followTeam(watcher)
    await hears(watcher, canvas.id, 'renamed', () =>
      call(owner, 'PUT', `/canvases/${canvas.id}`, { title: 'Shared, renamed' }),
    )
    expect(guestSocket.frames.some((f) => f.type === 'dashboard.hint')).toBe(false)
  })
})

describe('hints', () => {
  test('the lifecycle of a canvas reaches a teammate: created, renamed, moved, archived, deleted', async () => {
    const watcher = await open(member)
    await followTeam(watcher)
    const createdHint = watcher.next((f) => f.type === 'dashboard.hint' && f.kind === 'created')
    const created = (await call(owner, 'POST', '/canvases', { type: 'design', title: SECRET })).canvas
    expect(await createdHint).toMatchObject({ canvasId: created.id })
    await hears(watcher, created.id, 'renamed', () =>
      call(owner, 'PUT', `/canvases/${created.id}`, { title: `${SECRET} renamed` }),
    )
    const folder = await buildFolder(db, { user: owner, name: 'Launch' })
    await hears(watcher, created.id, 'moved', () =>
      call(owner, 'PUT', `/folders/${folder.id}/canvases/${created.id}`),
    )
    await hears(watcher, created.id, 'archived', () =>
      call(owner, 'PUT', `/canvases/${created.id}`, { archived: true }),
    )
    await hears(watcher, created.id, 'deleted', () => call(owner, 'DELETE', `/canvases/${created.id}`))
    // Content-free: the titles never travel on the team topic.
    expect(JSON.stringify(watcher.frames)).not.toContain(SECRET)
  })

  test("another member's comments and replies are activity; a private one tells nothing of its text", async () => {
    const { canvas } = await buildCanvas(db, { user: owner, title: 'Reviewed' })
    const watcher = await open(owner)
    await followTeam(watcher)
    const { annotation } = await hears(watcher, canvas.id, 'activity', () =>
      call(member, 'POST', '/annotations', {
        CanvasId: canvas.id,
        comment: `${SECRET} private`,
        isPrivate: true,
      }),
    )
    await hears(watcher, canvas.id, 'activity', () =>
      call(member, 'POST', `/annotations/${annotation.id}/replies`, { comment: `${SECRET} reply` }),
    )
    const hints = watcher.frames.filter((f) => f.type === 'dashboard.hint')
    expect(hints.length).toBeGreaterThanOrEqual(2)
    for (const hint of hints) expect(Object.keys(hint).sort()).toEqual(['canvasId', 'kind', 'type'])
    // (The owner's own notification carries the text: they may read it. The hints never do.)
    expect(JSON.stringify(hints)).not.toContain(SECRET)
  })

  test("an only-me canvas's hints reach its owner alone, never the team", async () => {
    const { canvas: hidden } = await buildCanvas(db, { user: owner, visibility: 'only-me' })
    const { canvas: visible } = await buildCanvas(db, { user: owner })
    const teammate = await open(member)
    await followTeam(teammate)
    const own = await open(owner)
    // The owner hears it on their own topic (no team subscription needed).
    await hears(own, hidden.id, 'activity', () =>
      call(owner, 'POST', '/annotations', { CanvasId: hidden.id, comment: 'for my eyes' }),
    )
    // A later hint on a team canvas: once the teammate has it, the hidden one would have come before.
    await hears(teammate, visible.id, 'activity', () =>
      call(owner, 'POST', '/annotations', { CanvasId: visible.id, comment: 'for the team' }),
    )
    expect(JSON.stringify(teammate.frames)).not.toContain(hidden.id)
  })

  test('making a canvas only-me tells the team, so its dashboards drop it', async () => {
    const { canvas } = await buildCanvas(db, { user: owner })
    const teammate = await open(member)
    await followTeam(teammate)
    await hears(teammate, canvas.id, 'updated', () =>
      call(owner, 'PUT', `/canvases/${canvas.id}`, { visibility: 'only-me' }),
    )
  })

  test('another team follows nothing of this one', async () => {
    const { canvas } = await buildCanvas(db, { user: owner })
    const other = await open(outsider)
    const teammate = await open(member)
    await followTeam(teammate)
    await hears(teammate, canvas.id, 'renamed', () =>
      call(owner, 'PUT', `/canvases/${canvas.id}`, { title: 'Only for us' }),
    )
    expect(other.frames.some((f) => f.type === 'dashboard.hint')).toBe(false)
  })

  test('a member removed from the team stops following it at once', async () => {
    const leaving = await buildUser(db, { teamId })
    const socket = await open(leaving)
    await followTeam(socket)
    const dropped = socket.next((f) => f.type === 'team.unsubscribed' && f.teamId === teamId)
    await call(owner, 'DELETE', `/teams/${teamId}/users/${leaving.id}`)
    await dropped
    const { canvas } = await buildCanvas(db, { user: owner })
    const teammate = await open(member)
    await followTeam(teammate)
    await hears(teammate, canvas.id, 'renamed', () =>
      call(owner, 'PUT', `/canvases/${canvas.id}`, { title: 'After the removal' }),
    )
    expect(JSON.stringify(socket.frames)).not.toContain(canvas.id)
  })
})

const hearsProject = <T>(socket: TestSocket, projectId: string, kind: string, action: () => Promise<T>) =>
  hearsHint(socket, 'dashboard.project-hint', 'projectId', projectId, kind, action)

describe('project hints (decision 060)', () => {
  test('a project created, renamed, moved, shared and deleted reaches a teammate, never its name', async () => {
    const watcher = await open(member)
    await followTeam(watcher)
    const other = await open(outsider)
    const createdHint = watcher.next((f) => f.type === 'dashboard.project-hint' && f.kind === 'created')
    const project = (await call(owner, 'POST', '/folders', { name: SECRET })).folder
    expect(await createdHint).toEqual({
      type: 'dashboard.project-hint',
      projectId: project.id,
      kind: 'created',
    })
    await hearsProject(watcher, project.id, 'renamed', () =>
      call(owner, 'PUT', `/folders/${project.id}`, { name: `${SECRET} renamed` }),
    )
    const parent = (await call(owner, 'POST', '/folders', { name: 'Parent' })).folder
    await hearsProject(watcher, project.id, 'moved', () =>
      call(owner, 'PUT', `/folders/${project.id}`, { parentFolderId: parent.id }),
    )
    await hearsProject(watcher, project.id, 'shared', () =>
      call(owner, 'PUT', `/folders/${project.id}`, { visibility: 'anyone-with-link' }),
    )
    await hearsProject(watcher, project.id, 'deleted', () => call(owner, 'DELETE', `/folders/${project.id}`))
    const hints = watcher.frames.filter((f) => f.type === 'dashboard.project-hint')
    for (const hint of hints) expect(Object.keys(hint).sort()).toEqual(['kind', 'projectId', 'type'])
    expect(JSON.stringify(watcher.frames)).not.toContain(SECRET)
    expect(other.frames.some((f) => f.type === 'dashboard.project-hint')).toBe(false)
  })

  test("an only-me project's hints reach its owner alone, until it is shared with the team", async () => {
    const teammate = await open(member)
    await followTeam(teammate)
    const own = await open(owner)
    const createdOwn = own.next((f) => f.type === 'dashboard.project-hint' && f.kind === 'created')
    const secret = (await call(owner, 'POST', '/folders', { name: 'Mine', visibility: 'only-me' })).folder
    expect(await createdOwn).toMatchObject({ projectId: secret.id })
    await hearsProject(own, secret.id, 'renamed', () =>
      call(owner, 'PUT', `/folders/${secret.id}`, { name: 'Still mine' }),
    )
    // A later team hint: once the teammate has it, the hidden ones would have come before.
    const ours = (await call(owner, 'POST', '/folders', { name: 'Ours' })).folder
    await hearsProject(teammate, ours.id, 'renamed', () =>
      call(owner, 'PUT', `/folders/${ours.id}`, { name: 'Ours, renamed' }),
    )
    expect(JSON.stringify(teammate.frames)).not.toContain(secret.id)
    // Shared with the team, and back to only-me: both tell the team (its dashboards show, then drop it).
    await hearsProject(teammate, secret.id, 'shared', () =>
      call(owner, 'PUT', `/folders/${secret.id}`, { visibility: 'only-team' }),
    )
    await hearsProject(teammate, secret.id, 'shared', () =>
      call(owner, 'PUT', `/folders/${secret.id}`, { visibility: 'only-me' }),
    )
  })

  test('deleting an only-me project tells the team of the team projects inside it, not of itself', async () => {
    const teammate = await open(member)
    await followTeam(teammate)
    const parent = (await call(owner, 'POST', '/folders', { name: 'Private shelf', visibility: 'only-me' }))
      .folder
    const child = (await call(owner, 'POST', '/folders', { name: 'Team box', parentFolderId: parent.id }))
      .folder
    await hearsProject(teammate, child.id, 'deleted', () => call(owner, 'DELETE', `/folders/${parent.id}`))
    expect(JSON.stringify(teammate.frames)).not.toContain(parent.id)
    const left = await call(member, 'GET', '/users/me/folders')
    expect(JSON.stringify(left)).not.toContain(child.id)
  })
})
