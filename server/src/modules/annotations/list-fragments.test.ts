/**
 * Fragment updates of the comment list (decision 052): after a new reply, a status change, a label or a
 * deletion, the process reads again only the annotation the change's events name and reuses every other
 * fragment, and the list it serves equals a list built from scratch. A change whose events name no
 * annotation falls back to comparing fingerprints.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Canvas } from '@pinpoint/db'
import { buildCanvas } from '@pinpoint/db/testing'
import { sql } from 'drizzle-orm'
import type { TestClient } from '../../testing/http'
import { recordEvent } from '../events/service'
import { type AnnotationJson, annotationsJsonText } from './json-sql'
import { lastListBuild } from './list'
import { buildWorld, type World } from './test-world'

let w: World
let canvas: Canvas
let team: TestClient
let guest: TestClient
const ids: string[] = []

type List = { annotations: AnnotationJson[] }

function id(index: number): string {
  const found = ids[index]
  if (!found) throw new Error(`no annotation ${index}`)
  return found
}

beforeAll(async () => {
  w = await buildWorld()
  canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
  team = await w.as(w.member)
  guest = await w.as(w.guest)
  for (let i = 0; i < 6; i++) {
    const res = await team.post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
      CanvasId: canvas.id,
      comment: `comment ${i}`,
      isPrivate: i === 5,
    })
    ids.push(res.body.annotation.id)
  }
}, 60_000)

/** Lists as `client`, checks the list against a fresh build, and answers how it was built. */
async function listed(client: TestClient, includePrivate: boolean) {
  const res = await client.get<List>(`/api/v1/canvases/${canvas.id}/annotations`)
  expect(res.status).toBe(200)
  const fresh = JSON.parse(await annotationsJsonText(w.db, { canvasId: canvas.id, includePrivate }))
  expect(res.body.annotations).toEqual(fresh)
  return { build: lastListBuild(w.context), annotations: res.body.annotations }
}

describe('comment list fragments', () => {
  test('each change reads again only the annotation it touched, and the list equals a full build', async () => {
    expect((await listed(team, true)).build).toEqual({ mode: 'full', read: null })

    await team.post(`/api/v1/annotations/${id(1)}/replies`, { comment: 'a reply' })
    const afterReply = await listed(team, true)
    expect(afterReply.build).toEqual({ mode: 'events', read: [id(1)] })
    expect(afterReply.annotations[1]?.AnnotationReplies?.map((reply) => reply.comment)).toEqual(['a reply'])

    await team.put(`/api/v1/annotations/${id(2)}`, { status: 'resolved' })
    expect((await listed(team, true)).build).toEqual({ mode: 'events', read: [id(2)] })

    const label = (
      await (
        await w.as(w.owner)
      ).post<{ label: { id: string } }>('/api/v1/labels', {
        name: `Fragment ${Date.now()}`,
        color: '#00ff00',
      })
    ).body.label
    await team.post(`/api/v1/annotations/${id(0)}/labels/${label.id}`)
    expect((await listed(team, true)).build).toEqual({ mode: 'events', read: [id(0)] })

    await team.delete(`/api/v1/annotations/${id(3)}`)
    const afterDelete = await listed(team, true)
    expect(afterDelete.build).toEqual({ mode: 'events', read: [id(3)] })
    expect(afterDelete.annotations.map((a) => a.id)).not.toContain(id(3))

    // Two changes between two lists: both are read, nothing else.
    await team.post(`/api/v1/annotations/${id(4)}/replies`, { comment: 'one' })
    await team.put(`/api/v1/annotations/${id(5)}`, { status: 'in-progress' })
    const both = await listed(team, true)
    expect(both.build?.mode).toBe('events')
    expect([...(both.build?.read ?? [])].sort()).toEqual([id(4), id(5)].sort())
  })

  test('a guest list follows the public side; an event naming no annotation falls back to fingerprints', async () => {
    await listed(guest, false)
    await team.post(`/api/v1/annotations/${id(0)}/replies`, { comment: 'public reply' })
    const afterReply = await listed(guest, false)
    expect(afterReply.build).toEqual({ mode: 'events', read: [id(0)] })
    expect(afterReply.annotations.map((a) => a.id)).not.toContain(id(5))

    // A canvas event that names no annotation (like an asset change): which ones changed is unknown.
    await w.db.transaction(async (tx) => {
      await tx.execute(sql`update annotations set comment = 'changed quietly' where id = ${id(1)}`)
      await recordEvent(tx, { type: 'canvas.updated', canvasId: canvas.id, data: {} })
    })
    const fallback = await listed(guest, false)
    expect(fallback.build).toEqual({ mode: 'fingerprints', read: [id(1)] })
  })
})
