import { describe, expect, test } from 'bun:test'
import { canvases, fileAttachments } from '@pinpoint/db'
import { buildAnnotation, buildCustomer, buildReply, buildUser } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createUploadTestApp, loggedIn, multipart, pathOf, teamWithMembers } from '../../testing/upload-app'
import type { CanvasBody, ErrorBody } from '../canvases/testing'

const { setup, db } = await createUploadTestApp()

type AttachmentBody = {
  fileAttachment: { id: string; AnnotationId: string; name: string; mimeType: string; url: string }
}

async function commentOnNewCanvas() {
  const team = await teamWithMembers(setup)
  const { canvas } = (
    await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Files' })
  ).body
  const [row] = await db.select().from(canvases).where(eq(canvases.id, canvas.id))
  if (!row) throw new Error('missing canvas')
  const annotation = await buildAnnotation(db, { canvas: row, user: team.owner })
  return { ...team, canvas: row, annotation }
}

describe('file attachments', () => {
  test('attach to a comment or a reply, served by signed URL; HTML is only ever a download; delete', async () => {
    const { ownerClient, annotation, owner } = await commentOnNewCanvas()
    const html = await ownerClient.request<AttachmentBody>('POST', '/api/v1/file-attachments', {
      body: multipart({
        file: [new Blob(['<html><script>alert(1)</script></html>']), 'page.html'],
        annotationId: annotation.id,
      }),
    })
    expect(html.status).toBe(200)
    expect(html.body.fileAttachment).toMatchObject({
      AnnotationId: annotation.id,
      name: 'page.html',
      mimeType: 'text/html',
    })
    const served = await ownerClient.get(pathOf(html.body.fileAttachment.url))
    expect(served.headers.get('content-disposition')).toStartWith('attachment')
    expect(served.headers.get('content-type')).toBe('application/octet-stream')
    const reply = await buildReply(db, { annotation, user: owner })
    const onReply = await ownerClient.request<AttachmentBody>('POST', '/api/v1/file-attachments', {
      body: multipart({ file: [new Blob(['notes']), 'notes.txt'], replyId: reply.id }),
    })
    expect(onReply.body.fileAttachment.AnnotationId).toBe(annotation.id)
    const removed = await ownerClient.delete<AttachmentBody>(
      `/api/v1/file-attachments/${html.body.fileAttachment.id}`,
    )
    expect(removed.status).toBe(200)
    expect((await ownerClient.get(pathOf(html.body.fileAttachment.url))).status).toBe(404)
    expect(
      await db.select().from(fileAttachments).where(eq(fileAttachments.id, html.body.fileAttachment.id)),
    ).toHaveLength(0)
    expect((await ownerClient.delete(`/api/v1/file-attachments/${html.body.fileAttachment.id}`)).status).toBe(
      404,
    )
  })

  test('free plan refused; private comment hidden; oversized refused; others cannot delete', async () => {
    const { ownerClient, annotation, owner } = await commentOnNewCanvas()
    const freeUser = await buildUser(db)
    await buildCustomer(db, { user: freeUser, planId: 'free0' })
    const free = await loggedIn(setup, freeUser)
    const refused = await free.request<ErrorBody>('POST', '/api/v1/file-attachments', {
      body: multipart({ file: [new Blob(['x']), 'x.txt'], annotationId: annotation.id }),
    })
    expect(refused.status).toBe(403)
    const [row] = await db.select().from(canvases).where(eq(canvases.id, annotation.canvasId))
    if (!row) throw new Error('missing canvas')
    const secret = await buildAnnotation(db, { canvas: row, user: owner, isPrivate: true })
    const paidStranger = await buildUser(db)
    await buildCustomer(db, {
      user: paidStranger,
      planId: 'individual19',
      periodEnd: new Date(Date.now() + 86_400_000),
    })
    const stranger = await loggedIn(setup, paidStranger)
    const hidden = await stranger.request<ErrorBody>('POST', '/api/v1/file-attachments', {
      body: multipart({ file: [new Blob(['x']), 'x.txt'], annotationId: secret.id }),
    })
    expect(hidden.status).toBe(404)
    const mine = await ownerClient.request<AttachmentBody>('POST', '/api/v1/file-attachments', {
      body: multipart({ file: [new Blob(['x']), 'x.txt'], annotationId: annotation.id }),
    })
    expect((await stranger.delete(`/api/v1/file-attachments/${mine.body.fileAttachment.id}`)).status).toBe(
      403,
    )
    const big = await ownerClient.request<ErrorBody>('POST', '/api/v1/file-attachments', {
      body: multipart({
        file: [new Blob([new Uint8Array(26 * 1024 * 1024)]), 'big.bin'],
        annotationId: annotation.id,
      }),
    })
    expect([big.status, big.body.error]).toEqual([413, 'FileTooLarge'])
  })
})
