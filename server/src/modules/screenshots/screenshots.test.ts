/**
 * Screenshots of pinned spots (decision 055): upload by the author (and after a copy change by whoever
 * may resolve it), served only to readers of the comment, private ones included; the address in CSV
 * exports; mention e-mails held for the picture and showing it through a signed URL that works logged out.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { outboxEmails, type User } from '@pinpoint/db'
import { and, eq, sql } from 'drizzle-orm'
import type { AnnotationJson } from '../annotations/json-sql'
import { buildWorld, type World } from '../annotations/test-world'
import { multipart, pathOf } from '../canvases/testing'
import { mentionIdOf } from '../notifications/service'
import { sendHeldMentionEmails } from './held-mails'

type Body = { annotation: AnnotationJson }
let w: World

// A real 2×2 PNG (RGBA), as a canvas would encode it.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4AWP4z8DwHwQZGBgYGBgYAAA+/gP9Kj3m6QAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
)

beforeAll(async () => {
  w = await buildWorld()
})

async function comment(user: User, body: Record<string, unknown>) {
  const res = await (await w.as(user)).post<Body>('/api/v1/annotations', { CanvasId: w.canvas.id, ...body })
  expect(res.status).toBe(200)
  return res.body.annotation
}

async function upload(user: User | null, annotationId: string, kind = 'screenshot', bytes: BlobPart = PNG) {
  return (await w.as(user)).request<Body>('PUT', `/api/v1/annotations/${annotationId}/${kind}`, {
    body: multipart({ file: [new Blob([bytes]), 'shot.png'] }),
  })
}

describe('storing and serving', () => {
  test('the author attaches the picture; readers open it through a short-lived signed URL', async () => {
    const a = await comment(w.member, { comment: 'Bigger button' })
    const stored = await upload(w.member, a.id)
    expect(stored.status).toBe(200)
    const url = stored.body.annotation.screenshotUrl ?? ''
    expect(url).toMatch(new RegExp(`^/api/v1/annotations/${a.id}/screenshots/[0-9a-f]{32}\\.png$`))
    const listed = await (await w.as(w.admin)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${w.canvas.id}/annotations`,
    )
    expect(listed.body.annotations.find((x) => x.id === a.id)?.screenshotUrl).toBe(url)

    const opened = await (await w.as(w.admin)).get(url)
    expect(opened.status).toBe(302)
    const signed = opened.headers.get('location') ?? ''
    const image = await (await w.as(null)).get(pathOf(signed))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    // The canvas is open to whoever has its link: a public comment's picture is theirs to see too.
    expect((await (await w.as(w.outsider)).get(url)).status).toBe(302)
  })

  test('only the author sets the picture of the pin; a wrong type, a huge body and strangers are refused', async () => {
    const a = await comment(w.member, { comment: 'Wrong colour' })
    expect((await upload(w.admin, a.id)).status).toBe(403)
    expect((await upload(w.outsider, a.id)).status).toBe(403)
    expect((await upload(null, a.id)).status).toBe(401)
    expect(
      (await upload(w.member, a.id, 'screenshot', '<svg xmlns="http://www.w3.org/2000/svg"/>')).status,
    ).toBe(422)
    const huge = new Uint8Array(3 * 1024 * 1024 + 1)
    huge.set(PNG)
    expect((await upload(w.member, a.id, 'screenshot', huge)).status).toBe(413)
    const after = await (await w.as(w.member)).get<Body>(`/api/v1/annotations/${a.id}`)
    expect(after.body.annotation.screenshotUrl).toBeNull()
  })

  test('a replaced picture is no longer served; the after picture needs the status rule', async () => {
    const a = await comment(w.guest, { comment: 'Say "Book now"', textContentBefore: 'Order' })
    const first = (await upload(w.guest, a.id)).body.annotation.screenshotUrl ?? ''
    const second = (await upload(w.guest, a.id)).body.annotation.screenshotUrl ?? ''
    expect(second).not.toBe(first)
    expect((await (await w.as(w.member)).get(first)).status).toBe(404)
    const signed = (await (await w.as(w.member)).get(second)).headers.get('location') ?? ''
    expect((await (await w.as(w.member)).get(pathOf(signed))).status).toBe(200)
    // The canvas's team resolves it and adds the picture of the changed copy.
    const after = await upload(w.member, a.id, 'after-screenshot')
    expect(after.status).toBe(200)
    expect(after.body.annotation.afterScreenshotUrl).toMatch(/\/screenshots\/[0-9a-f]{32}\.png$/)
    expect(after.body.annotation.screenshotUrl).toBe(second)
    expect((await upload(w.outsider, a.id, 'after-screenshot')).status).toBe(403)
    // Deleting the comment deletes its pictures.
    expect((await (await w.as(w.guest)).delete(`/api/v1/annotations/${a.id}`)).status).toBeLessThan(300)
    expect((await (await w.as(w.member)).get(pathOf(signed))).status).toBe(404)
  })

  test("a private comment's picture is hidden from those who cannot see private comments", async () => {
    const a = await comment(w.member, { comment: 'Team only', isPrivate: true })
    const url = (await upload(w.member, a.id)).body.annotation.screenshotUrl ?? ''
    expect((await (await w.as(w.admin)).get(url)).status).toBe(302)
    expect((await (await w.as(w.guest)).get(url)).status).toBe(404)
    expect((await (await w.as(w.outsider)).get(url)).status).toBe(404)
    expect((await (await w.as(null)).get(url)).status).toBe(404)
    expect((await upload(w.guest, a.id, 'after-screenshot')).status).toBe(404)
    // Made public, the picture follows the comment.
    await (await w.as(w.member)).put(`/api/v1/annotations/${a.id}`, { isPrivate: false })
    expect((await (await w.as(w.guest)).get(url)).status).toBe(302)
  })
})

describe('exports and e-mails', () => {
  test('the CSV export carries the absolute address of both pictures', async () => {
    const a = await comment(w.member, { comment: 'For the export' })
    const url = (await upload(w.member, a.id)).body.annotation.screenshotUrl ?? ''
    const csv = await (await w.as(w.member)).post(`/api/v1/canvases/${w.canvas.id}/annotations/export.csv`, {
      annotationIds: [a.id],
    })
    expect(csv.status).toBe(200)
    expect(csv.text.split('\r\n')[0]).toEndWith('exported date,screenshot,screenshot after')
    expect(csv.text).toContain(`${w.context.config.publicUrl}${url}`)
  })

  test('a mention e-mail waits for the picture and shows it through a signed URL that works logged out', async () => {
    const mention = `@[${w.admin.name}](user:${mentionIdOf(w.admin.id)})`
    const a = await comment(w.member, { comment: `${mention} look here`, screenshotPending: true })
    const mails = () =>
      w.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, w.admin.email), eq(outboxEmails.kind, 'mention')))
    expect(await mails()).toHaveLength(0)
    const queued = await w.db.execute(
      sql`select start_after from pgboss.job where name = 'mention-mails' and data->>'annotationId' = ${a.id}`,
    )
    // postgres-js answers an array of rows, PGlite an object holding them.
    const rows = Array.isArray(queued) ? queued : (queued as unknown as { rows: unknown[] }).rows
    expect(rows).toHaveLength(1)
    await upload(w.member, a.id)
    // The job the comment queued, run now instead of after its wait.
    await sendHeldMentionEmails(w.context, {
      annotationId: a.id,
      actorName: w.member.name,
      recipientIds: [w.admin.id],
    })
    const all = await mails()
    expect(all).toHaveLength(1)
    const html = String(all.at(-1)?.html ?? '').replaceAll('&amp;', '&')
    const src = html.match(/<img[^>]+src="([^"]+\/api\/v1\/files\/screenshots\/[^"]+)"/)?.[1]
    expect(src).toBeDefined()
    expect(html).toContain('alt="Screenshot of the spot the comment is pinned to')
    const image = await (await w.as(null)).get(pathOf(src ?? ''))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
  })
})
