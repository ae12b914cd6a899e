/**
 * Every write that changes what the comment list shows moves the list's version (decision 012): the
 * ETag changes, a conditional request with the old ETag gets the new list (not 304), and the list
 * shows the change. Walks attachments (on an annotation and on a reply, added and removed), status,
 * labels (added, renamed, recoloured, removed, deleted), the assignee (set, renamed, new avatar,
 * cleared), replies, exports, inactive reasons, asset deletion and deletion. (An author's later rename
 * is not among them: `userName` is the name the comment was written under, kept by design.)
 * Attachments also reach sockets: the event carries the new snapshot.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { events } from '@pinpoint/db'
import { and, desc, eq } from 'drizzle-orm'
import type { TestClient } from '../../testing/http'
import type { AnnotationJson } from './json-sql'
import { buildWorld, type World } from './test-world'

let w: World

beforeAll(async () => {
  w = await buildWorld()
})

type List = { annotations: AnnotationJson[] }

const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
)

function fileForm(fields: Record<string, string>, name = 'notes.txt', content: BlobPart = 'notes'): FormData {
  const form = new FormData()
  form.append('file', new File([content], name))
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

describe('comment list versions', () => {
  test('every write that changes an annotation moves the ETag and the list shows the change', async () => {
    const owner = await w.as(w.owner)
    const member = await w.as(w.member)
    const canvas = (
      await owner.post<{ canvas: { id: string } }>('/api/v1/canvases', { type: 'design', title: 'Versions' })
    ).body.canvas
    const assetForm = new FormData()
    assetForm.append('id', canvas.id)
    assetForm.append('canvasAssetFile', new File([PNG_1PX], 'pixel.png', { type: 'image/png' }))
    const asset = (
      await owner.request<{ canvasAsset: { id: string } }>('POST', '/api/v1/canvas-assets', {
        body: assetForm,
      })
    ).body.canvasAsset
    const url = `/api/v1/canvases/${canvas.id}/annotations`
    const annotation = (
      await member.post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
        CanvasId: canvas.id,
        CanvasAssetId: asset.id,
        comment: 'on the asset',
      })
    ).body.annotation
    const other = (
      await member.post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
        CanvasId: canvas.id,
        comment: 'x',
        path: '/page',
      })
    ).body.annotation
    let etag = ''
    const read = async (client: TestClient = owner) => {
      const response = await client.get<List>(url)
      expect(response.status).toBe(200)
      return response
    }
    const find = (list: List, id = annotation.id) => list.annotations.find((item) => item.id === id)
    etag = (await read()).headers.get('etag') ?? ''

    /** Runs a write, then checks the old ETag no longer validates and the list shows `expected`. */
    const step = async (
      name: string,
      write: () => Promise<{ status: number }>,
      shows: (list: List) => unknown,
    ) => {
      const result = await write()
      expect({ name, status: result.status, ok: result.status < 300 }).toMatchObject({ name, ok: true })
      const conditional = await owner.get<List>(url, { headers: { 'if-none-match': etag } })
      expect({ name, status: conditional.status }).toEqual({ name, status: 200 })
      const next = conditional.headers.get('etag') ?? ''
      expect({ name, moved: next !== etag }).toEqual({ name, moved: true })
      expect({ name, shows: Boolean(shows(conditional.body)) }).toEqual({ name, shows: true })
      etag = next
    }

    const attached = await owner.request<{ fileAttachment: { id: string } }>(
      'POST',
      '/api/v1/file-attachments',
      {
        body: fileForm({ annotationId: annotation.id }),
      },
    )
    expect(attached.status).toBe(200)
    const conditional = await owner.get<List>(url, { headers: { 'if-none-match': etag } })
    expect(conditional.status).toBe(200)
    expect(find(conditional.body)?.numFileAttachments).toBe(1)
    etag = conditional.headers.get('etag') ?? ''
    const [event] = await w.db
      .select()
      .from(events)
      .where(and(eq(events.annotationId, annotation.id), eq(events.type, 'annotation.updated')))
      .orderBy(desc(events.id))
      .limit(1)
    expect(event?.data).toMatchObject({
      change: 'file-attached',
      annotation: { id: annotation.id, numFileAttachments: 1 },
    })

    await step(
      'file removed',
      () => owner.delete(`/api/v1/file-attachments/${attached.body.fileAttachment.id}`),
      (list) => find(list)?.numFileAttachments === 0,
    )
    const reply = (
      await member.post<{ reply: { id: string } }>(`/api/v1/annotations/${annotation.id}/replies`, {
        comment: 'r',
      })
    ).body.reply
    etag = (await read()).headers.get('etag') ?? ''
    let replyFileId = ''
    await step(
      'file attached to a reply',
      async () => {
        const response = await owner.request<{ fileAttachment: { id: string } }>(
          'POST',
          '/api/v1/file-attachments',
          {
            body: fileForm({ replyId: reply.id }),
          },
        )
        replyFileId = response.body.fileAttachment.id
        return response
      },
      (list) => find(list)?.AnnotationReplies?.[0]?.FileAttachments.length === 1,
    )
    await step(
      'file removed from a reply',
      () => owner.delete(`/api/v1/file-attachments/${replyFileId}`),
      (list) => find(list)?.AnnotationReplies?.[0]?.FileAttachments.length === 0,
    )
    await step(
      'status',
      () => owner.put(`/api/v1/annotations/${annotation.id}`, { status: 'resolved' }),
      (list) => find(list)?.status === 'resolved',
    )
    const label = (
      await owner.post<{ label: { id: string } }>('/api/v1/labels', { name: 'Bug', color: '#ff0000' })
    ).body.label
    await step(
      'label added',
      () => owner.post(`/api/v1/annotations/${annotation.id}/labels/${label.id}`),
      (list) => find(list)?.Labels.some((item) => item.name === 'Bug'),
    )
    await step(
      'label renamed',
      () => owner.put(`/api/v1/labels/${label.id}`, { name: 'Defect' }),
      (list) => find(list)?.Labels.some((item) => item.name === 'Defect'),
    )
    await step(
      'label recoloured',
      () => owner.put(`/api/v1/labels/${label.id}`, { color: '#00ff00' }),
      (list) => find(list)?.Labels.some((item) => item.color === '#00ff00'),
    )
    await step(
      'label removed',
      () => owner.delete(`/api/v1/annotations/${annotation.id}/labels/${label.id}`),
      (list) => find(list)?.Labels.length === 0,
    )
    await owner.post(`/api/v1/annotations/${annotation.id}/labels/${label.id}`)
    etag = (await read()).headers.get('etag') ?? ''
    await step(
      'label deleted',
      () => owner.delete(`/api/v1/labels/${label.id}`),
      (list) => find(list)?.Labels.length === 0,
    )
    await step(
      'assignee set',
      () => owner.post(`/api/v1/annotations/${annotation.id}/assigned-user/${w.admin.id}`),
      (list) => find(list)?.assignedUser?.id === w.admin.id,
    )
    const admin = await w.as(w.admin)
    await step(
      'assignee renamed',
      () => admin.put('/api/v1/users/me', { name: 'Renamed Admin' }),
      (list) => find(list)?.assignedUser?.name === 'Renamed Admin',
    )
    await step(
      'assignee avatar',
      () =>
        admin.request('PUT', '/api/v1/users/me/avatar', {
          body: (() => {
            const form = new FormData()
            form.append('avatar', new File([PNG_1PX], 'me.png', { type: 'image/png' }))
            return form
          })(),
        }),
      (list) => find(list)?.assignedUser?.avatarUrl,
    )
    await step(
      'assignee cleared',
      () => owner.delete(`/api/v1/annotations/${annotation.id}/assigned-user`),
      (list) => find(list)?.assignedUser === null,
    )
    await step(
      'reply edited',
      () => member.put(`/api/v1/replies/${reply.id}`, { comment: 'edited' }),
      (list) => find(list)?.AnnotationReplies?.[0]?.comment === 'edited',
    )
    await step(
      'reply deleted',
      () => member.delete(`/api/v1/replies/${reply.id}`),
      (list) => find(list)?.AnnotationReplies?.length === 0,
    )
    await step(
      'exported',
      () =>
        owner.post(`/api/v1/canvases/${canvas.id}/annotations/mark-as-exported`, {
          annotationIds: [annotation.id],
        }),
      (list) => find(list)?.lastExportDate,
    )
    await step(
      'inactive reason',
      () =>
        owner.put(`/api/v1/canvases/${canvas.id}/annotations/inactive-reason`, {
          path: '/page',
          inactiveReason: 'element-gone',
          annotationIds: [other.id],
        }),
      (list) => find(list, other.id)?.inactiveReason === 'element-gone',
    )
    await step(
      'asset deleted',
      () => owner.delete(`/api/v1/canvases/${canvas.id}/assets/${asset.id}`),
      (list) => !find(list),
    )
    await step(
      'annotation deleted',
      () => owner.delete(`/api/v1/annotations/${other.id}`),
      (list) => list.annotations.length === 0,
    )
  })
})
