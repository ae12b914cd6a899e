/**
 * Sharing a folder (project) by link, SPEC 3 Folder, 6 (edit a folder: same team) and 7 (PUT /folders/{id},
 * GET /folders?shareableId=&password=): the share settings, the password check and its rate limits, and
 * what a visitor of the public project page gets (nothing private: no e-mail, no comment).
 */
import { describe, expect, test } from 'bun:test'
import { buildAnnotation, buildReply, buildUser } from '@pinpoint/db/testing'
import { LIMITS } from '../../platform/rate-limit'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, teamWithMembers } from '../canvases/testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

interface FolderJson {
  id: string
  name: string
  description: string | null
  visibility: string
  hasPassword: boolean
  shareableId: string
}
type Shared = {
  folder: FolderJson
  canvases: { id: string; title: string; subdomain: string; User: unknown }[]
}

let address = 0
/** A visitor from an address of its own, so rate limits of one test do not touch another. */
function visitorFrom(ip = `198.51.100.${++address}`) {
  const browser = setup.client()
  return {
    get: <T>(path: string) => browser.request<T>('GET', path, { headers: { 'x-forwarded-for': ip } }),
  }
}

async function sharedProject() {
  const team = await teamWithMembers(setup)
  const created = await team.ownerClient.post<{ folder: FolderJson }>('/api/v1/folders', { name: 'Launch' })
  return { ...team, folder: created.body.folder }
}

describe('share settings (PUT /folders/{id})', () => {
  test('visibility, description and password are saved; the password is never sent back', async () => {
    const { ownerClient, folder } = await sharedProject()
    expect(folder).toMatchObject({ visibility: 'only-team', hasPassword: false, description: null })
    const saved = await ownerClient.put<{ folder: FolderJson }>(`/api/v1/folders/${folder.id}`, {
      visibility: 'anyone-with-link',
      description: 'Spring launch pages',
      password: 'open sesame',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.folder).toMatchObject({
      visibility: 'anyone-with-link',
      description: 'Spring launch pages',
      hasPassword: true,
    })
    expect(saved.text).not.toContain('open sesame')
    expect(saved.text).not.toContain('argon2')
    // Leaving the password out keeps it; null removes it.
    const renamed = await ownerClient.put<{ folder: FolderJson }>(`/api/v1/folders/${folder.id}`, {
      description: 'Changed',
    })
    expect(renamed.body.folder.hasPassword).toBe(true)
    const cleared = await ownerClient.put<{ folder: FolderJson }>(`/api/v1/folders/${folder.id}`, {
      password: null,
    })
    expect(cleared.body.folder.hasPassword).toBe(false)
    const open = await visitorFrom().get<Shared>(`/api/v1/folders?shareableId=${folder.shareableId}`)
    expect([open.status, open.body.folder.description]).toEqual([200, 'Changed'])
    const bad = await ownerClient.put<ErrorBody>(`/api/v1/folders/${folder.id}`, { visibility: 'everyone' })
    expect(bad.status).toBe(422)
  })

  test('a team member may change them (same team); others, guests and visitors may not', async () => {
    const { memberClient, folder } = await sharedProject()
    const byMember = await memberClient.put<{ folder: FolderJson }>(`/api/v1/folders/${folder.id}`, {
      visibility: 'anyone-with-link',
    })
    expect(byMember.body.folder.visibility).toBe('anyone-with-link')
    const outsider = await teamWithMembers(setup)
    const other = await outsider.ownerClient.put(`/api/v1/folders/${folder.id}`, { password: 'x' })
    expect(other.status).toBe(404)
    expect((await setup.client().put(`/api/v1/folders/${folder.id}`, { password: 'x' })).status).toBe(401)
  })

  test('only-team and only-me projects are not open to visitors, whatever the link', async () => {
    const { ownerClient, memberClient, folder } = await sharedProject()
    const url = `/api/v1/folders?shareableId=${folder.shareableId}`
    expect((await visitorFrom().get<ErrorBody>(url)).status).toBe(404)
    await ownerClient.put(`/api/v1/folders/${folder.id}`, { visibility: 'only-me' })
    expect((await visitorFrom().get<ErrorBody>(url)).status).toBe(404)
    // Only me: hidden from the owner's own team too.
    expect((await memberClient.get(url)).status).toBe(404)
    expect((await ownerClient.get(url)).status).toBe(200)
    const unknown = await visitorFrom().get<ErrorBody>('/api/v1/folders?shareableId=nothing-here')
    expect([unknown.status, unknown.body.error]).toEqual([404, 'NotFound'])
  })
})

describe('the password check (GET /folders?shareableId=&password=)', () => {
  test('asked for, refused with a clear error when wrong, accepted when right; members need none', async () => {
    const { ownerClient, memberClient, folder } = await sharedProject()
    await ownerClient.put(`/api/v1/folders/${folder.id}`, {
      visibility: 'anyone-with-link',
      password: 'pw-1',
    })
    const url = `/api/v1/folders?shareableId=${folder.shareableId}`
    const visitor = visitorFrom()
    const asked = await visitor.get<ErrorBody>(url)
    expect([asked.status, asked.body.error, asked.body.message]).toEqual([
      401,
      'PasswordRequired',
      'This project is protected by a password.',
    ])
    const wrong = await visitor.get<ErrorBody>(`${url}&password=pw-2`)
    expect([wrong.status, wrong.body.error, wrong.body.message]).toEqual([
      403,
      'WrongPassword',
      'The password is not correct.',
    ])
    const right = await visitor.get<Shared>(`${url}&password=pw-1`)
    expect([right.status, right.body.folder.name]).toEqual([200, 'Launch'])
    expect((await memberClient.get(url)).status).toBe(200)
  })

  test('rate limited per address like a login, and wrong guesses per project across addresses', async () => {
    const { ownerClient, folder } = await sharedProject()
    await ownerClient.put(`/api/v1/folders/${folder.id}`, {
      visibility: 'anyone-with-link',
      password: 'right',
    })
    const url = `/api/v1/folders?shareableId=${folder.shareableId}`
    const guesser = visitorFrom()
    for (let i = 0; i < LIMITS.linkPasswordIp.limit; i++)
      expect((await guesser.get(`${url}&password=guess-${i}`)).status).toBe(403)
    const limited = await guesser.get<ErrorBody>(`${url}&password=right`)
    expect([limited.status, limited.body.message]).toEqual([429, LIMITS.linkPasswordIp.message])
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not held up by this one.
    expect((await visitorFrom().get(`${url}&password=right`)).status).toBe(200)
    // Spread over many addresses, wrong guesses still stop at the project's limit.
    const remaining = LIMITS.linkPasswordFailures.limit - LIMITS.linkPasswordIp.limit
    for (let i = 0; i < remaining; i++) {
      const res = await visitorFrom().get(`${url}&password=spread-${i}`)
      expect(res.status).toBe(403)
    }
    const stopped = await visitorFrom().get<ErrorBody>(`${url}&password=right`)
    expect([stopped.status, stopped.body.message]).toEqual([429, LIMITS.linkPasswordFailures.message])
    // About a hundred password hashes checked: more than bun's default 5 s on a busy machine.
  }, 120_000)
})

describe('what a visitor of the public project sees', () => {
  test('canvases open by link with their feedback links; no e-mail, no comment, no password hash', async () => {
    const { owner, member, ownerClient, folder } = await sharedProject()
    await ownerClient.put(`/api/v1/folders/${folder.id}`, { visibility: 'anyone-with-link', password: 'pw' })
    const open = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Homepage',
        folderId: folder.id,
      })
    ).body.canvas
    await ownerClient.post('/api/v1/canvases', {
      type: 'design',
      title: 'Team eyes only',
      folderId: folder.id,
      visibility: 'only-team',
    })
    const [row] = await db.query.canvases.findMany({ where: (c, { eq }) => eq(c.id, open.id) })
    if (!row) throw new Error('canvas row missing')
    const privateNote = await buildAnnotation(db, {
      canvas: row,
      user: member,
      isPrivate: true,
      comment: 'private: the client is late paying',
    })
    await buildReply(db, { annotation: privateNote, user: member, isPrivate: true, comment: 'private reply' })
    await buildAnnotation(db, { canvas: row, user: member, comment: 'public: make the logo bigger' })
    const guest = await buildUser(db, { isGuest: true })
    const res = await visitorFrom().get<Shared>(
      `/api/v1/folders?shareableId=${folder.shareableId}&password=pw`,
    )
    expect(res.status).toBe(200)
    expect(res.body.canvases.map((c) => [c.title, c.subdomain])).toEqual([['Homepage', open.subdomain]])
    expect(res.body.canvases[0]?.User).toBeNull()
    for (const secret of [
      owner.email,
      member.email,
      guest.email,
      'private: the client is late paying',
      'private reply',
      'public: make the logo bigger',
      'Team eyes only',
      'argon2',
      '"password',
    ])
      expect(res.text).not.toContain(secret)
    expect(res.text).not.toMatch(/[a-z0-9._-]+@[a-z0-9-]+\.[a-z]/i)
  })
})
