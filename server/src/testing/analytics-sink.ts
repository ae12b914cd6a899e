/**
 * A local analytics sink for tests: a real HTTP server (node:http, so it runs under Bun and under the
 * Playwright runner's Node) that takes the batches `platform/analytics` posts and keeps every request's
 * raw body, so a test can check both the events and that no forbidden text was ever sent.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SinkEvent } from '../platform/analytics'

export interface AnalyticsSink {
  url: string
  /** Every event received so far, in order. */
  events(): SinkEvent[]
  /** Every request body received, as sent. */
  rawBodies(): string[]
  authorizations(): (string | undefined)[]
  close(): Promise<void>
}

export async function startAnalyticsSink(port = 0): Promise<AnalyticsSink> {
  const bodies: string[] = []
  const auth: (string | undefined)[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST') {
        response.writeHead(405).end()
        return
      }
      bodies.push(Buffer.concat(chunks).toString('utf8'))
      auth.push(request.headers.authorization)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}/events`,
    events: () => bodies.flatMap((body) => (JSON.parse(body) as { batch: SinkEvent[] }).batch),
    rawBodies: () => [...bodies],
    authorizations: () => [...auth],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
