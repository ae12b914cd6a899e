/**
 * The text edge rule (text-input.ts): every place a NUL byte used to reach PostgreSQL and answer 500
 * (comments, replies, titles, label/folder/user names, paths, review comments, `%00` as a path id,
 * `?code=%00`) now answers 422 ValidationFailed naming the field, and nothing is stored.
 */
import { describe, expect, test } from 'bun:test'
import { annotations } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  teamWithMembers,
} from '../modules/canvases/testing'
import { findTextIssue } from './text-input'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

describe('findTextIssue', () => {
  test('names the first NUL, unpaired surrogate or bad key, in body, params or query terms', () => {
    expect(findTextIssue('', { comment: 'fine', metadata: { anchor: { x: 'a\u0000' } } })).toEqual({
      path: 'metadata.anchor.x',
      message: 'must not contain a NUL character (U+0000)',
    })
    expect(findTextIssue('', { annotationIds: ['a', '\ud800'] })?.path).toBe('annotationIds.1')
    expect(findTextIssue('params', { id: 'x\u0000' })?.path).toBe('params.id')
    expect(findTextIssue('', { metadata: { 'k\u0000': 1 } })?.path).toBe('metadata')
    expect(findTextIssue('', { file: new File(['x'], 'a\u0000.png') })?.path).toBe('file.name')
    // Well-formed text of every kind passes: emoji (a surrogate pair), RTL marks, combining accents.
    expect(findTextIssue('', { comment: '💩 e\u0301 \u202e \ufeff', n: 1, b: true, z: null })).toBeUndefined()
  })
})

describe('a NUL byte anywhere in a request', () => {
  test('answers 422 with the field named, for every kind of input that used to be a 500', async () => {
    const team = await teamWithMembers(setup)
    const client = team.ownerClient
    const { canvas } = (await client.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'NUL' }))
      .body
    const annotation = (
      await client.post<{ annotation: { id: string } }>('/api/v1/annotations', {
        CanvasId: canvas.id,
        comment: 'ok',
      })
    ).body.annotation
    const folder = (await client.post<{ folder: { id: string } }>('/api/v1/folders', { name: 'ok' })).body
      .folder
    const label = (
      await client.post<{ label: { id: string } }>('/api/v1/labels', { name: 'ok', color: '#ff0000' })
    ).body.label
    const NUL = 'before\u0000after'
    const cases: Array<[method: string, path: string, body: unknown, field: string]> = [
      ['POST', '/api/v1/annotations', { CanvasId: canvas.id, comment: NUL }, 'comment'],
      ['POST', '/api/v1/annotations', { CanvasId: canvas.id, comment: 'ok', path: NUL }, 'path'],
      ['PUT', `/api/v1/annotations/${annotation.id}`, { comment: NUL }, 'comment'],
      ['POST', `/api/v1/annotations/${annotation.id}/replies`, { comment: NUL }, 'comment'],
      ['PUT', `/api/v1/canvases/${canvas.id}`, { title: NUL }, 'title'],
      ['POST', '/api/v1/canvases', { type: 'design', title: NUL }, 'title'],
      ['POST', '/api/v1/folders', { name: NUL }, 'name'],
      ['PUT', `/api/v1/folders/${folder.id}`, { name: NUL }, 'name'],
      ['POST', '/api/v1/labels', { name: NUL, color: '#ff0000' }, 'name'],
      ['PUT', `/api/v1/labels/${label.id}`, { name: NUL }, 'name'],
      ['PUT', '/api/v1/users/me', { name: NUL }, 'name'],
      ['POST', `/api/v1/canvases/${canvas.id}/reviews`, { status: 'approved', comment: NUL }, 'comment'],
      [
        'PUT',
        `/api/v1/canvases/${canvas.id}/annotations/inactive-reason`,
        { path: NUL, inactiveReason: 'x' },
        'path',
      ],
      ['GET', '/api/v1/canvases/%00', undefined, 'params.id'],
      ['GET', `/api/v1/annotations/${annotation.id}%00`, undefined, 'params.id'],
      ['DELETE', '/api/v1/file-attachments/%00', undefined, 'params.id'],
      ['GET', '/api/v1/invites?code=%00', undefined, 'query.code'],
      ['GET', '/api/v1/teams/%FF/users', undefined, 'params.id'],
    ]
    for (const [method, path, body, field] of cases) {
      const response = await client.request<ErrorBody>(method, path, body === undefined ? {} : { json: body })
      expect({ method, path, status: response.status, error: response.body.error }).toEqual({
        method,
        path,
        status: 422,
        error: 'ValidationFailed',
      })
      expect(response.body.meta.issues).toEqual([{ path: field, message: expect.any(String) }])
      expect(response.body.message).toContain(field)
    }
    const [stored] = await db.select().from(annotations).where(eq(annotations.id, annotation.id))
    expect(stored?.comment).toBe('ok')
  })

  test('a multipart field and an uploaded file name are checked too', async () => {
    const team = await teamWithMembers(setup)
    const form = new FormData()
    form.append('file', new File(['notes'], 'bad\u0000name.txt'))
    const response = await team.ownerClient.request<ErrorBody>('POST', '/api/v1/file-attachments', {
      body: form,
    })
    expect(response.status).toBe(422)
    expect(response.body.meta.issues).toEqual([{ path: 'file.name', message: expect.any(String) }])
  })
})
