/**
 * Issue 21 item 6: a website address with credentials (`http://user:pass@host/`) would be shown to every
 * feedback-link viewer. Decision: refused with 422 naming `localUrl` (a silently stripped password would
 * leave the owner wondering why their site asks for one); rows saved before are shown without them.
 */
import { describe, expect, test } from 'bun:test'
import { canvases } from '@pinpoint/db'
import { buildCanvas, buildTeam, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'

const { context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: { field?: string } }

async function owner() {
  const { owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
  const browser = client()
  expect(
    (await browser.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })).status,
  ).toBe(200)
  return { browser, user: owner }
}

describe('website addresses with credentials', () => {
  test('creating or changing a canvas with user:password@ in its address is refused, naming the field', async () => {
    const { browser } = await owner()
    for (const localUrl of [
      'http://user:pass@example.com/',
      'https://admin@example.com/x',
      'alice:secret@example.com',
    ]) {
      const res = await browser.post<ErrorBody>('/api/v1/canvases', {
        type: 'website',
        title: 'Site',
        localUrl,
      })
      expect(res.status).toBe(422)
      expect(res.body.meta.field).toBe('localUrl')
      expect(JSON.stringify(res.body)).not.toContain('secret')
    }
    const created = await browser.post<{ canvas: { id: string; localUrl: string } }>('/api/v1/canvases', {
      type: 'website',
      title: 'Site',
      localUrl: 'https://example.com/',
    })
    expect(created.status).toBe(200)
    const changed = await browser.put<ErrorBody>(`/api/v1/canvases/${created.body.canvas.id}`, {
      localUrl: 'https://user:pass@example.com/',
    })
    expect(changed.status).toBe(422)
    expect(changed.body.meta.field).toBe('localUrl')
  })

  test('an address saved with credentials before the fix is shown to link viewers without them', async () => {
    const { user } = await owner()
    const { canvas } = await buildCanvas(db, { user })
    await db
      .update(canvases)
      .set({ localUrl: 'https://old:hunter2@example.com/page' })
      .where(eq(canvases.id, canvas.id))
    const anonymous = client()
    const view = await anonymous.get<{ canvas: { localUrl: string } }>(`/api/v1/canvases/${canvas.id}`)
    expect(view.status).toBe(200)
    expect(view.body.canvas.localUrl).toBe('https://example.com/page')
    const proxy = await anonymous.get(`/api/v1/canvases/${canvas.id}/proxy-url`)
    expect(proxy.status).toBe(200)
    expect(JSON.stringify(proxy.body)).not.toContain('hunter2')
  })
})
