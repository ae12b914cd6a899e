/**
 * Live dashboard benchmark (issue 13 item 4, decision 054), printed, never asserted: 200 dashboard
 * sockets of one team spread over two server processes on one PostgreSQL follow the team's hints; a
 * teammate posts 40 comments through process A. Prints how fast the `activity` hint reaches every
 * dashboard (from the POST being sent, and from its answer), how many were missing, and the POST's own
 * duration (the hints ride in the events' NOTIFY statement).
 *
 * Run: `bun bench/live-dashboard.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import { seedComments } from './comments-seed'
import { printTable, startServer, waitHealthy } from './lib'

const DASHBOARDS = 200
const COMMENTS = 40

interface Dashboard {
  ws: WebSocket
  /** Arrival times of activity hints, in order. */
  hints: number[]
}

async function follow(baseUrl: string, cookie: string, teamId: string): Promise<Dashboard> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/v1/realtime`, {
    headers: { cookie },
  } as unknown as string[])
  const dashboard: Dashboard = { ws, hints: [] }
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('error', () => reject(new Error('socket error')))
    ws.addEventListener('message', (message) => {
      const now = performance.now()
      const frame = JSON.parse(String(message.data)) as { type: string; kind?: string }
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'team.subscribe', teamId }))
      if (frame.type === 'team.subscribed') resolve()
      if (frame.type === 'dashboard.hint' && frame.kind === 'activity') dashboard.hints.push(now)
    })
  })
  return dashboard
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: pick(0.5).toFixed(1), p99: pick(0.99).toFixed(1), max: (sorted.at(-1) ?? 0).toFixed(1) }
}

const fixture = await seedComments({ annotationCount: 10, repliesPer: 0 })
const teamId = fixture.member.teamId
if (!teamId) throw new Error('the fixture member has no team')
const env = {
  DATABASE_URL: fixture.databaseUrl,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
}
const [a, b] = await Promise.all([startServer(env), startServer(env)])
const dashboards: Dashboard[] = []
try {
  await Promise.all([waitHealthy(`${a.url}/api/v1/health`), waitHealthy(`${b.url}/api/v1/health`)])
  const cookie = `pinpoint_session=${await fixture.token(fixture.member)}`
  for (let i = 0; i < DASHBOARDS; i++) dashboards.push(await follow(i % 2 ? b.url : a.url, cookie, teamId))

  const sent: number[] = []
  const answered: number[] = []
  for (let i = 0; i < COMMENTS; i++) {
    const started = performance.now()
    const res = await fetch(`${a.url}/api/v1/annotations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ CanvasId: fixture.canvasId, comment: `bench comment ${i}` }),
    })
    await res.arrayBuffer()
    sent.push(started)
    answered.push(performance.now())
    // Sequential comments, so the n-th hint on a socket belongs to the n-th comment.
    await Bun.sleep(50)
  }
  await Bun.sleep(1000)

  const fromSend: number[] = []
  const fromAnswer: number[] = []
  let missing = 0
  for (const dashboard of dashboards) {
    for (let i = 0; i < COMMENTS; i++) {
      const at = dashboard.hints[i]
      if (at === undefined) {
        missing++
        continue
      }
      fromSend.push(at - (sent[i] ?? at))
      fromAnswer.push(at - (answered[i] ?? at))
    }
  }
  const posts = sent.map((start, i) => (answered[i] ?? start) - start)
  printTable(
    `Comment -> activity hint on ${DASHBOARDS} dashboards over 2 processes (${COMMENTS} comments, ${fromSend.length} hints, ${missing} missing)`,
    [
      { measured_from: 'POST sent (includes the write)', ...quantiles(fromSend) },
      { measured_from: 'POST answered (after commit)', ...quantiles(fromAnswer) },
      { measured_from: 'the POST itself', ...quantiles(posts) },
    ],
  )
} finally {
  for (const dashboard of dashboards) dashboard.ws.close()
  await Promise.all([a.stop(), b.stop()])
  await fixture.drop()
}
