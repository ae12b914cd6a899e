/**
 * The dashboard cards' New activity (decision 016): the list tells each viewer how many of THEIR
 * notifications on a canvas are unread, from the same rule as the new-activity filter, so the badge and
 * the filter always agree. Seen = marked read (opening a notification marks it read).
 */
import { describe, expect, test } from 'bun:test'
import { createCanvasTestApp, teamWithMembers } from './testing'

const setup = await createCanvasTestApp()

interface ListBody {
  canvases: { id: string; title: string; hasNewActivity?: boolean; unreadCount?: number }[]
  total: number
}

const NEW_ACTIVITY = `filters=${encodeURIComponent(JSON.stringify({ status: 'new-activity' }))}`

describe('New activity on the dashboard list', () => {
  test("another person's unseen comments count per viewer, until the viewer has read them", async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const reviewed = (
      await memberClient.post<{ canvas: { id: string } }>('/api/v1/canvases', {
        type: 'design',
        title: 'Reviewed',
      })
    ).body.canvas
    const quiet = (
      await memberClient.post<{ canvas: { id: string } }>('/api/v1/canvases', {
        type: 'design',
        title: 'Quiet',
      })
    ).body.canvas
    // The member's own comment is no news to them; the owner's two comments and a reply are.
    const own = await memberClient.post('/api/v1/annotations', { CanvasId: quiet.id, comment: 'Mine' })
    expect(own.status).toBe(200)
    const first = await ownerClient.post<{ annotation: { id: string } }>('/api/v1/annotations', {
      CanvasId: reviewed.id,
      comment: 'Bigger logo?',
    })
    expect(first.status).toBe(200)
    await ownerClient.post('/api/v1/annotations', { CanvasId: reviewed.id, comment: 'Darker blue?' })
    await ownerClient.post(`/api/v1/annotations/${first.body.annotation.id}/replies`, { comment: 'Or both' })

    const { unread } = await unreadOn(memberClient, reviewed.id)
    expect(unread).toBeGreaterThanOrEqual(2)
    const list = await memberClient.get<ListBody>('/api/v1/users/me/canvases')
    expect(list.status).toBe(200)
    const byTitle = new Map(list.body.canvases.map((c) => [c.title, c]))
    expect(byTitle.get('Reviewed')).toMatchObject({ hasNewActivity: true, unreadCount: unread })
    expect(byTitle.get('Quiet')).toMatchObject({ hasNewActivity: false, unreadCount: 0 })
    // The filter and the badge are the same rule.
    const filtered = await memberClient.get<ListBody>(`/api/v1/users/me/canvases?${NEW_ACTIVITY}`)
    expect(filtered.body.canvases.map((c) => c.id)).toEqual([reviewed.id])
    expect(filtered.body.canvases[0]).toMatchObject({ hasNewActivity: true, unreadCount: unread })

    // Per viewer: the owner wrote those comments and has nothing unread on the canvas.
    const ownerList = await ownerClient.get<ListBody>('/api/v1/users/me/canvases')
    expect(ownerList.body.canvases.find((c) => c.id === reviewed.id)).toMatchObject({
      hasNewActivity: false,
      unreadCount: 0,
    })

    // Reading one notification lowers the count; reading them all clears the badge and the filter.
    const { ids } = await unreadOn(memberClient, reviewed.id)
    await memberClient.post('/api/v1/events/mark-as-read', { eventIds: ids.slice(0, 1) })
    const partly = await memberClient.get<ListBody>('/api/v1/users/me/canvases')
    expect(partly.body.canvases.find((c) => c.id === reviewed.id)).toMatchObject({
      hasNewActivity: true,
      unreadCount: unread - 1,
    })
    await memberClient.post('/api/v1/events/mark-as-read', { eventIds: ids })
    const seen = await memberClient.get<ListBody>('/api/v1/users/me/canvases')
    expect(seen.body.canvases.find((c) => c.id === reviewed.id)).toMatchObject({
      hasNewActivity: false,
      unreadCount: 0,
    })
    const none = await memberClient.get<ListBody>(`/api/v1/users/me/canvases?${NEW_ACTIVITY}`)
    expect(none.body).toMatchObject({ canvases: [], total: 0 })
  })

  test('the canvas detail does not claim a count it did not read', async () => {
    const { memberClient } = await teamWithMembers(setup)
    const created = await memberClient.post<{ canvas: Record<string, unknown> }>('/api/v1/canvases', {
      type: 'design',
      title: 'Detail',
    })
    expect(created.body.canvas).not.toHaveProperty('hasNewActivity')
    expect(created.body.canvas).not.toHaveProperty('unreadCount')
  })
})

/** The viewer's unread notifications on one canvas, from their notification feed. */
async function unreadOn(
  client: Awaited<ReturnType<typeof teamWithMembers>>['memberClient'],
  canvasId: string,
) {
  const res = await client.get<{ events: { id: number; CanvasId: string | null; read: boolean }[] }>(
    '/api/v1/users/me/events?limit=200',
  )
  expect(res.status).toBe(200)
  const ids = res.body.events.filter((e) => e.CanvasId === canvasId && !e.read).map((e) => e.id)
  return { ids, unread: ids.length }
}
