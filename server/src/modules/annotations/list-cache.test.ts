/**
 * The list's incremental cache (list.ts): after every kind of change made through the API, the list a
 * process serves from its cache (rebuilt only for the annotations whose fingerprint moved) is exactly the
 * list built from scratch, for a team viewer and for a guest (privacy filter). And the gzip encoding of a
 * list is the same bytes, with a weak ETag that still answers 304.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { users } from '@pinpoint/db'
import { buildCanvas } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import type { TestClient } from '../../testing/http'
import {
  type AnnotationJson,
  annotationFingerprints,
  annotationJsonTexts,
  annotationsJsonText,
} from './json-sql'
import { acceptsGzip } from './list'
import { buildWorld, type World } from './test-world'

let w: World

beforeAll(async () => {
  w = await buildWorld()
})

type List = { annotations: AnnotationJson[] }

describe('GET /canvases/{id}/annotations from the incremental cache', () => {
  test('after each change the cached list equals a list built from scratch, for the team and a guest', async () => {
    const canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
    const url = `/api/v1/canvases/${canvas.id}/annotations`
    const team = await w.as(w.member)
    const guest = await w.as(w.guest)
    const owner = await w.as(w.owner)
    const check = async (step: string) => {
      for (const [client, includePrivate] of [
        [team, true],
        [guest, false],
      ] as [TestClient, boolean][]) {
        const res = await client.get<List>(url)
        expect(res.status).toBe(200)
        const fresh = JSON.parse(await annotationsJsonText(w.db, { canvasId: canvas.id, includePrivate }))
        expect({ step, annotations: res.body.annotations }).toEqual({ step, annotations: fresh })
      }
    }
    const create = async (body: Record<string, unknown>) =>
      (
        await team.post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
          CanvasId: canvas.id,
          ...body,
        })
      ).body.annotation
    const a = await create({ comment: 'first' })
    const b = await create({ comment: 'second', isPrivate: true })
    const c = await create({ comment: 'third' })
    await check('created')

    const reply = (
      await team.post<{ reply: { id: string } }>(`/api/v1/annotations/${a.id}/replies`, {
        comment: 'a reply',
      })
    ).body.reply
    await team.post(`/api/v1/annotations/${b.id}/replies`, { comment: 'on a private one' })
    await check('replies created')
    await team.put(`/api/v1/replies/${reply.id}`, { comment: 'edited reply' })
    await check('reply edited')
    await team.put(`/api/v1/replies/${reply.id}`, { isPrivate: true })
    await check('reply made private')

    await team.put(`/api/v1/annotations/${c.id}`, { comment: 'third, edited', x: 0.5 })
    await check('annotation edited')
    await team.put(`/api/v1/annotations/${c.id}`, { status: 'resolved' })
    await check('status changed')

    const label = (
      await owner.post<{ label: { id: string } }>('/api/v1/labels', { name: 'Bug', color: '#ff0000' })
    ).body.label
    expect((await team.post(`/api/v1/annotations/${a.id}/labels/${label.id}`)).status).toBe(200)
    await check('label put on')
    expect((await owner.put(`/api/v1/labels/${label.id}`, { name: 'Defect' })).status).toBe(200)
    await check('label renamed')

    expect((await team.post(`/api/v1/annotations/${c.id}/assigned-user/${w.admin.id}`)).status).toBe(200)
    await check('assigned')
    await w.db
      .update(users)
      .set({ name: `${w.admin.name} Renamed`, updatedAt: new Date() })
      .where(eq(users.id, w.admin.id))
    await check('assignee renamed')

    await team.put(`/api/v1/annotations/${a.id}`, { isPrivate: true })
    await check('annotation made private')
    await team.put(`/api/v1/annotations/${a.id}`, { isPrivate: false })
    await check('annotation made public')

    await team.delete(`/api/v1/replies/${reply.id}`)
    await check('reply deleted')
    await team.delete(`/api/v1/annotations/${c.id}`)
    await check('annotation deleted')
  })

  test('a fingerprint read alone equals the one read with the JSON (so unchanged comments are reused)', async () => {
    const canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
    const team = await w.as(w.member)
    const owner = await w.as(w.owner)
    const ids: string[] = []
    for (const isPrivate of [false, true, false]) {
      const res = await team.post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
        CanvasId: canvas.id,
        comment: 'fingerprinted',
        isPrivate,
      })
      ids.push(res.body.annotation.id)
    }
    const [first = '', , third = ''] = ids
    await team.post(`/api/v1/annotations/${first}/replies`, { comment: 'public reply' })
    await team.post(`/api/v1/annotations/${first}/replies`, { comment: 'private reply', isPrivate: true })
    const label = (
      await owner.post<{ label: { id: string } }>('/api/v1/labels', { name: 'Copy', color: '#00ff00' })
    ).body.label
    await team.post(`/api/v1/annotations/${first}/labels/${label.id}`)
    await team.post(`/api/v1/annotations/${third}/assigned-user/${w.admin.id}`)
    for (const includePrivate of [true, false]) {
      const selection = { canvasId: canvas.id, includePrivate }
      const alone = await annotationFingerprints(w.db, selection)
      const withJson = (await annotationJsonTexts(w.db, selection)).map(({ id, fingerprint }) => ({
        id,
        fingerprint,
      }))
      expect(withJson).toEqual(alone)
      expect(alone).toHaveLength(includePrivate ? 3 : 2)
    }
  })

  test('gzip is the same list, with a weak ETag that answers 304', async () => {
    const canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
    const team = await w.as(w.member)
    const long = 'A comment long enough that forty of them make a list worth compressing. '.repeat(8)
    for (let i = 0; i < 40; i++)
      await team.post('/api/v1/annotations', { CanvasId: canvas.id, comment: long })
    const url = `/api/v1/canvases/${canvas.id}/annotations`
    const plain = await team.get(url)
    const cookie = [...team.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const get = (headers: Record<string, string>) =>
      w.app.handle(new Request(`http://localhost${url}`, { headers: { cookie, ...headers } }))
    // The first request that accepts gzip starts the compression and gets the plain body.
    let zipped = await get({ 'accept-encoding': 'gzip, deflate, br' })
    for (let i = 0; i < 50 && zipped.headers.get('content-encoding') !== 'gzip'; i++) {
      await Bun.sleep(20)
      zipped = await get({ 'accept-encoding': 'gzip, deflate, br' })
    }
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding')
    const bytes = gunzipSync(new Uint8Array(await zipped.arrayBuffer()))
    expect(new TextDecoder().decode(bytes)).toBe(plain.text)
    const weak = zipped.headers.get('etag') ?? ''
    expect(weak).toBe(`W/${plain.headers.get('etag')}`)
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': weak })).status).toBe(304)
    expect((await get({ 'if-none-match': weak })).status).toBe(304)
    const refused = await get({ 'accept-encoding': 'gzip;q=0, identity' })
    expect(refused.headers.get('content-encoding')).toBeNull()
  })

  test('Accept-Encoding parsing', () => {
    expect(acceptsGzip(null)).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip('gzip')).toBe(true)
    expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('deflate, br')).toBe(false)
  })
})
