/**
 * "Most recent" puts the newest canvas first (issue 19 item 13: the dashboard showed "4 min ago",
 * "2 min ago", "1 min ago" in that order), and the time each card shows is the one it is sorted by.
 */
import { expect, test } from 'bun:test'
import { buildUser } from '@pinpoint/db/testing'
import { type CanvasBody, createCanvasTestApp, loggedIn } from './testing'

const setup = await createCanvasTestApp()

type ListBody = { canvases: { title: string; updatedAt: string; lastActivityAt: string | null }[] }

test('the recency sort lists the newest canvas first, and its shown time descends', async () => {
  const user = await buildUser(setup.context.database.db)
  const client = await loggedIn(setup, user)
  for (const title of ['First', 'Second', 'Third']) {
    const res = await client.post<CanvasBody>('/api/v1/canvases', { type: 'design', title })
    expect(res.status).toBe(200)
    await Bun.sleep(15)
  }
  for (const query of ['', `?filters=${encodeURIComponent(JSON.stringify({ sort: 'recency' }))}`]) {
    const res = await client.get<ListBody>(`/api/v1/users/me/canvases${query}`)
    expect(res.status).toBe(200)
    expect(res.body.canvases.map((canvas) => canvas.title)).toEqual(['Third', 'Second', 'First'])
    const shown = res.body.canvases.map((canvas) => Date.parse(canvas.lastActivityAt ?? canvas.updatedAt))
    expect([...shown].sort((a, b) => b - a)).toEqual(shown)
  }
  const oldest = await client.get<ListBody>(
    `/api/v1/users/me/canvases?filters=${encodeURIComponent(JSON.stringify({ sort: 'oldest' }))}`,
  )
  expect(oldest.body.canvases.map((canvas) => canvas.title)).toEqual(['First', 'Second', 'Third'])
})
