/**
 * Real-time benchmark (issue 5 targets), printed, never asserted:
 * - a new comment reaches 200 WebSocket clients spread over two server processes on one PostgreSQL:
 *   delivery latency p50/p99/max, from the moment the POST is sent and from the moment it answered;
 * - the resident memory 1,000 idle subscribed sockets add to one server process.
 *
 * Run: `bun bench/realtime-fanout.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import { seedComments } from './comments-seed'
import { printTable, rssMb, startServer, waitHealthy } from './lib'

const CLIENTS = 200
const COMMENTS = 40
const IDLE = 1000

interface Client {
  ws: WebSocket
  received: Map<string, number>
}

async function connect(baseUrl: string, cookie: string, canvasId: string): Promise<Client> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/v1/realtime`, {
    headers: { cookie },
  } as unknown as string[])
  const client: Client = { ws, received: new Map() }
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('error', () => reject(new Error('socket error')))
    ws.addEventListener('message', (message) => {
      const now = performance.now()
      const frame = JSON.parse(String(message.data)) as {
        type: string
        canvasId?: string
        event?: { type: string; annotationId: string }
      }
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', canvasId }))
      if (frame.type === 'subscribed') resolve()
      if (frame.type === 'event' && frame.event?.type === 'annotation.created')
        client.received.set(frame.event.annotationId, now)
    })
  })
  return client
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: pick(0.5).toFixed(1), p99: pick(0.99).toFixed(1), max: (sorted.at(-1) ?? 0).toFixed(1) }
}

const fixture = await seedComments({ annotationCount: 10, repliesPer: 0 })
const env = {
  DATABASE_URL: fixture.databaseUrl,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
}
const [a, b] = await Promise.all([startServer(env), startServer(env)])
const clients: Client[] = []
try {
  await Promise.all([waitHealthy(`${a.url}/api/v1/health`), waitHealthy(`${b.url}/api/v1/health`)])
  const cookie = `pinpoint_session=${await fixture.token(fixture.member)}`
  for (let i = 0; i < CLIENTS; i++)
    clients.push(await connect(i % 2 ? b.url : a.url, cookie, fixture.canvasId))

  const sentAt = new Map<string, number>()
  const answeredAt = new Map<string, number>()
  for (let i = 0; i < COMMENTS; i++) {
    const started = performance.now()
    const res = await fetch(`${a.url}/api/v1/annotations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ CanvasId: fixture.canvasId, comment: `bench comment ${i}` }),
    })
    const { annotation } = (await res.json()) as { annotation: { id: string } }
    sentAt.set(annotation.id, started)
    answeredAt.set(annotation.id, performance.now())
    await Bun.sleep(50)
  }
  await Bun.sleep(1000)

  const fromSend: number[] = []
  const fromAnswer: number[] = []
  let missing = 0
  for (const client of clients) {
    for (const [id, sent] of sentAt) {
      const at = client.received.get(id)
      if (at === undefined) {
        missing++
        continue
      }
      fromSend.push(at - sent)
      fromAnswer.push(at - (answeredAt.get(id) ?? sent))
    }
  }

  await Bun.sleep(1000)
  const before = await rssMb(b.pid)
  for (let i = 0; i < IDLE; i++) clients.push(await connect(b.url, cookie, fixture.canvasId))
  await Bun.sleep(3000)
  const after = await rssMb(b.pid)

  printTable(
    `New comment -> ${CLIENTS} sockets over 2 processes (${COMMENTS} comments, ${fromSend.length} deliveries, ${missing} missing)`,
    [
      { measured_from: 'POST sent (includes the write)', ...quantiles(fromSend), target: 'p99 < 50 ms' },
      { measured_from: 'POST answered (after commit)', ...quantiles(fromAnswer), target: '' },
    ],
  )
  printTable('Memory of idle sockets (process B)', [
    { figure: `RSS before ${IDLE} more sockets`, value: `${before.toFixed(0)} MB`, target: '' },
    { figure: `RSS after (${IDLE} subscribed, idle)`, value: `${after.toFixed(0)} MB`, target: '' },
    {
      figure: `cost of ${IDLE} idle sockets`,
      value: `${(after - before).toFixed(0)} MB`,
      target: '< 100 MB',
    },
  ])
} finally {
  for (const client of clients) client.ws.close()
  await Promise.all([a.stop(), b.stop()])
  await fixture.drop()
}
