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
import { openRealtime, postComments, printTable, quantiles, startTwoServers } from './lib'

const DASHBOARDS = 200
const COMMENTS = 40

interface Dashboard {
  ws: WebSocket
  /** Arrival times of activity hints, in order. */
  hints: number[]
}

async function follow(baseUrl: string, cookie: string, teamId: string): Promise<Dashboard> {
  const hints: number[] = []
  const ws = await openRealtime(baseUrl, cookie, {
    subscribe: { type: 'team.subscribe', teamId },
    subscribed: 'team.subscribed',
    onFrame: (frame, at) => {
      if (frame.type === 'dashboard.hint' && frame.kind === 'activity') hints.push(at)
    },
  })
  return { ws, hints }
}

const fixture = await seedComments({ annotationCount: 10, repliesPer: 0 })
const teamId = fixture.member.teamId
if (!teamId) throw new Error('the fixture member has no team')
const [a, b] = await startTwoServers(fixture.databaseUrl)
const dashboards: Dashboard[] = []
try {
  const cookie = `pinpoint_session=${await fixture.token(fixture.member)}`
  for (let i = 0; i < DASHBOARDS; i++) dashboards.push(await follow(i % 2 ? b.url : a.url, cookie, teamId))

  // Sequential comments, so the n-th hint on a socket belongs to the n-th comment.
  const posted = await postComments(a.url, cookie, fixture.canvasId, COMMENTS)
  const sent = posted.map((post) => post.sent)
  const answered = posted.map((post) => post.answered)

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
