import { describe, expect, test } from 'bun:test'
import { canvases, folders } from '@pinpoint/db'
import { buildCanvas, buildFolder } from '@pinpoint/db/testing'
import { eq, inArray } from 'drizzle-orm'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  loggedIn,
  teamWithMembers,
} from '../canvases/testing'
import { realFolderCount } from './counts'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

interface FolderJson {
  id: string
  name: string
  canvasesCount: number
  parentFolderId: string | null
  shareableId: string
  children: FolderJson[]
}

describe('folders', () => {
  test('create nested folders, list them as a tree, rename, refuse cycles, delete', async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const root = (await ownerClient.post<{ folder: FolderJson }>('/api/v1/folders', { name: 'Clients' })).body
      .folder
    const child = (
      await ownerClient.post<{ folder: FolderJson }>('/api/v1/folders', {
        name: 'Acme',
        parentFolderId: root.id,
      })
    ).body.folder
    await ownerClient.post('/api/v1/folders', { name: 'Mine only', visibility: 'only-me' })
    const tree = (await ownerClient.get<{ folders: FolderJson[] }>('/api/v1/users/me/folders')).body.folders
    expect(tree.map((f) => f.name)).toEqual(['Clients', 'Mine only'])
    expect(tree[0]?.children.map((f) => f.name)).toEqual(['Acme'])
    const memberTree = (await memberClient.get<{ folders: FolderJson[] }>('/api/v1/users/me/folders')).body
      .folders
    expect(memberTree.map((f) => f.name)).toEqual(['Clients'])
    const renamed = await memberClient.put<{ folder: FolderJson }>(`/api/v1/folders/${root.id}`, {
      name: 'Customers',
    })
    expect(renamed.body.folder.name).toBe('Customers')
    const cycle = await ownerClient.put<ErrorBody>(`/api/v1/folders/${root.id}`, { parentFolderId: child.id })
    expect(cycle.status).toBe(422)
    const outsider = await teamWithMembers(setup)
    expect((await outsider.ownerClient.put(`/api/v1/folders/${root.id}`, { name: 'x' })).status).toBe(404)
    expect((await outsider.ownerClient.delete(`/api/v1/folders/${root.id}`)).status).toBe(404)
    expect((await setup.client().get('/api/v1/users/me/folders')).status).toBe(401)
    expect((await ownerClient.delete(`/api/v1/folders/${root.id}`)).status).toBe(200)
    expect((await db.select().from(folders).where(eq(folders.id, child.id))).length).toBe(0)
  })

  test('move in, move between, remove: counts, messages, previous folder for Undo', async () => {
    const { owner, ownerClient } = await teamWithMembers(setup)
    const a = await buildFolder(db, { user: owner, name: 'Alpha' })
    const b = await buildFolder(db, { user: owner, name: 'Beta' })
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'C' })
    ).body
    const moved = await ownerClient.put<{
      message: string
      previousFolderId: string | null
      FolderId: string
    }>(`/api/v1/folders/${a.id}/canvases/${canvas.id}`)
    expect(moved.body).toMatchObject({ message: 'Moved to Alpha', previousFolderId: null, FolderId: a.id })
    const again = await ownerClient.put<{ previousFolderId: string }>(
      `/api/v1/folders/${b.id}/canvases/${canvas.id}`,
    )
    expect(again.body.previousFolderId).toBe(a.id)
    const list = await ownerClient.get<{ canvases: { id: string }[] }>(`/api/v1/folders/${b.id}/canvases`)
    expect(list.body.canvases.map((c) => c.id)).toEqual([canvas.id])
    expect(await realFolderCount(db, a.id)).toBe(0)
    const counts = async () =>
      Object.fromEntries(
        (
          await db
            .select()
            .from(folders)
            .where(inArray(folders.id, [a.id, b.id]))
        ).map((f) => [f.name, f.canvasesCount]),
      )
    expect(await counts()).toEqual({ Alpha: 0, Beta: 1 })
    const wrong = await ownerClient.delete<ErrorBody>(`/api/v1/folders/${a.id}/canvases/${canvas.id}`)
    expect(wrong.status).toBe(409)
    const removed = await ownerClient.delete<{ message: string; previousFolderId: string }>(
      `/api/v1/folders/${b.id}/canvases/${canvas.id}`,
    )
    expect(removed.body).toMatchObject({ message: 'Removed from Beta project', previousFolderId: b.id })
    expect(await counts()).toEqual({ Alpha: 0, Beta: 0 })
    const other = await teamWithMembers(setup)
    // The canvas is open to anyone with its link, so a stranger sees it exists but may not move it.
    expect((await other.ownerClient.put(`/api/v1/folders/${a.id}/canvases/${canvas.id}`)).status).toBe(403)
  })

  test('shared folder link with visibility and password', async () => {
    const { owner, ownerClient } = await teamWithMembers(setup)
    const shared = (
      await ownerClient.post<{ folder: FolderJson }>('/api/v1/folders', {
        name: 'Public',
        visibility: 'anyone-with-link',
        password: 'pw',
      })
    ).body.folder
    await ownerClient.post('/api/v1/canvases', { type: 'design', title: 'Visible', folderId: shared.id })
    await ownerClient.post('/api/v1/canvases', {
      type: 'design',
      title: 'Hidden',
      folderId: shared.id,
      visibility: 'only-team',
    })
    const visitor = setup.client()
    const url = `/api/v1/folders?shareableId=${shared.shareableId}`
    expect((await visitor.get<ErrorBody>(url)).body.error).toBe('PasswordRequired')
    const wrong = await visitor.get<ErrorBody>(`${url}&password=nope`)
    expect([wrong.status, wrong.body.error]).toEqual([403, 'WrongPassword'])
    const right = await visitor.get<{ folder: FolderJson; canvases: { title: string }[] }>(
      `${url}&password=pw`,
    )
    expect(right.body.folder.name).toBe('Public')
    expect(right.body.canvases.map((c) => c.title)).toEqual(['Visible'])
    const teamOnly = await buildFolder(db, { user: owner, visibility: 'only-team' })
    expect((await visitor.get(`/api/v1/folders?shareableId=${teamOnly.shareableId}`)).status).toBe(404)
    const share = await ownerClient.post<{ message: string }>(`/api/v1/folders/${shared.id}/share`, {
      emails: ['someone@example.test'],
    })
    expect(share.body.message).toBe('Invite(s) sent to someone@example.test')
  })

  test('concurrent moves from several clients never let a count drift', async () => {
    const { owner, ownerClient } = await teamWithMembers(setup)
    const clients = [
      ownerClient,
      await loggedIn(setup, owner),
      await loggedIn(setup, owner),
      await loggedIn(setup, owner),
    ]
    const targets = await Promise.all(
      Array.from({ length: 4 }, (_, i) => buildFolder(db, { user: owner, name: `F${i}` })),
    )
    const built = await Promise.all(
      Array.from({ length: 6 }, () => buildCanvas(db, { user: owner, type: 'design', folder: targets[0] })),
    )
    const ids = built.map((b) => b.canvas.id)
    const ops: Promise<unknown>[] = []
    for (let round = 0; round < 10; round++) {
      for (const [index, client] of clients.entries()) {
        const canvasId = ids[(round + index) % ids.length] as string
        const folder = targets[(round * 3 + index) % targets.length]
        if (!folder) continue
        if ((round + index) % 5 === 4)
          ops.push(client.delete(`/api/v1/folders/${folder.id}/canvases/${canvasId}`))
        else if ((round + index) % 7 === 6)
          ops.push(client.put(`/api/v1/canvases/${canvasId}`, { archived: round % 2 === 0 }))
        else ops.push(client.put(`/api/v1/folders/${folder.id}/canvases/${canvasId}`))
      }
    }
    const results = (await Promise.all(ops)) as { status: number }[]
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    for (const folder of targets) {
      const [row] = await db
        .select({ count: folders.canvasesCount })
        .from(folders)
        .where(eq(folders.id, folder.id))
      expect(row?.count).toBe(await realFolderCount(db, folder.id))
    }
    const total = await db.select().from(canvases).where(inArray(canvases.id, ids))
    expect(total).toHaveLength(6)
  })
})
