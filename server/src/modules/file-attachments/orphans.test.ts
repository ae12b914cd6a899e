/**
 * Naming the comment of an upload (SPEC casing `AnnotationId` / `AnnotationReplyId` accepted, anything
 * else refused, never an unattached file by mistake) and the collection of uploads that were never
 * attached: by the hourly pg-boss job, after a day on an injected clock, files included.
 */
import { describe, expect, test } from 'bun:test'
import { canvases, fileAttachments } from '@pinpoint/db'
import { buildAnnotation, buildReply } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { QUEUES } from '../../jobs'
import { jobHandlers } from '../../jobs/handlers'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  multipart,
  teamWithMembers,
} from '../canvases/testing'
import { ORPHAN_AFTER_MS } from './orphans'

const setup = await createCanvasTestApp()
const { db } = setup.context.database
const HOUR = 60 * 60 * 1000

type AttachmentBody = {
  fileAttachment: { id: string; AnnotationId: string | null; AnnotationReplyId: string | null }
}

async function commentOnNewCanvas() {
  const team = await teamWithMembers(setup)
  const { canvas } = (
    await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Files' })
  ).body
  const [row] = await db.select().from(canvases).where(eq(canvases.id, canvas.id))
  if (!row) throw new Error('missing canvas')
  const annotation = await buildAnnotation(db, { canvas: row, user: team.owner })
  const reply = await buildReply(db, { annotation, user: team.owner })
  return { ...team, annotation, reply }
}

const upload = (
  client: Awaited<ReturnType<typeof teamWithMembers>>['ownerClient'],
  fields: Record<string, string>,
) =>
  client.request<AttachmentBody & ErrorBody>('POST', '/api/v1/file-attachments', {
    body: multipart({ file: [new Blob(['notes']), 'notes.txt'], ...fields }),
  })

async function rowCount(): Promise<number> {
  return (await db.select({ id: fileAttachments.id }).from(fileAttachments)).length
}

describe('POST /file-attachments names its comment', () => {
  test('the SPEC casing AnnotationId and AnnotationReplyId attach like annotationId and replyId', async () => {
    const { ownerClient, annotation, reply } = await commentOnNewCanvas()
    const onAnnotation = await upload(ownerClient, { AnnotationId: annotation.id })
    expect(onAnnotation.status).toBe(200)
    expect(onAnnotation.body.fileAttachment.AnnotationId).toBe(annotation.id)
    const onReply = await upload(ownerClient, { AnnotationReplyId: reply.id })
    expect(onReply.status).toBe(200)
    expect(onReply.body.fileAttachment).toMatchObject({
      AnnotationId: annotation.id,
      AnnotationReplyId: reply.id,
    })
    const both = await upload(ownerClient, { annotationId: annotation.id, AnnotationId: annotation.id })
    expect(both.body.fileAttachment.AnnotationId).toBe(annotation.id)
  })

  test('an unknown field or two different targets is a 422 and stores nothing', async () => {
    const { ownerClient, annotation } = await commentOnNewCanvas()
    const before = await rowCount()
    const misspelt = await upload(ownerClient, { annotation_id: annotation.id })
    expect(misspelt.status).toBe(422)
    expect(misspelt.body.error).toBe('ValidationFailed')
    const conflicting = await upload(ownerClient, { annotationId: annotation.id, AnnotationId: 'another' })
    expect(conflicting.status).toBe(422)
    expect(conflicting.body.meta.issues).toEqual([{ path: 'AnnotationId', message: expect.any(String) }])
    expect(await rowCount()).toBe(before)
  })
})

describe('orphaned uploads', () => {
  test('the hourly job deletes uploads attached to nothing after a day, with their files', async () => {
    const { ownerClient, annotation } = await commentOnNewCanvas()
    const orphan = (await upload(ownerClient, {})).body.fileAttachment
    const attached = (await upload(ownerClient, { annotationId: annotation.id })).body.fileAttachment
    const [orphanRow] = await db.select().from(fileAttachments).where(eq(fileAttachments.id, orphan.id))
    if (!orphanRow) throw new Error('the orphan was not stored')
    expect(await setup.context.storage.get(orphanRow.storageKey)).not.toBeNull()
    const collect = jobHandlers(setup.context)[QUEUES.orphanAttachments]
    if (!collect) throw new Error('no handler for the orphan queue')

    setup.context.clock.advance(ORPHAN_AFTER_MS - HOUR)
    await collect({})
    const ids = async () =>
      (await db.select({ id: fileAttachments.id }).from(fileAttachments)).map((row) => row.id)
    expect(await ids()).toEqual(expect.arrayContaining([orphan.id, attached.id]))

    setup.context.clock.advance(2 * HOUR)
    await collect({})
    expect(await ids()).not.toContain(orphan.id)
    expect(await ids()).toContain(attached.id)
    expect(await setup.context.storage.get(orphanRow.storageKey)).toBeNull()
    setup.context.clock.reset()
  })

  test('pg-boss runs the collection on its queue', async () => {
    const { ownerClient } = await commentOnNewCanvas()
    const orphan = (await upload(ownerClient, {})).body.fileAttachment
    setup.context.clock.advance(ORPHAN_AFTER_MS + HOUR)
    await setup.context.jobs.schedule(QUEUES.orphanAttachments, '23 * * * *')
    await setup.context.jobs.work(jobHandlers(setup.context), { pollSeconds: 0.5 })
    await setup.context.jobs.send(QUEUES.orphanAttachments, {})
    let remaining = 1
    for (let attempt = 0; attempt < 100 && remaining > 0; attempt++) {
      await Bun.sleep(100)
      remaining = (await db.select().from(fileAttachments).where(eq(fileAttachments.id, orphan.id))).length
    }
    expect(remaining).toBe(0)
    setup.context.clock.reset()
  })
})
