/**
 * The floor for large responses: a bare Elysia route answering bytes read once from FLOOR_BODY_FILE (too
 * big for an environment variable), in its own process like the real server. With FLOOR_CONTENT_ENCODING
 * (e.g. gzip) the file holds that encoding of the body and is sent as it is, with that header.
 */
import { Elysia } from 'elysia'

const file = Bun.file(process.env.FLOOR_BODY_FILE ?? '/dev/null')
const encoding = process.env.FLOOR_CONTENT_ENCODING
const body = encoding ? new Uint8Array(await file.arrayBuffer()) : await file.text()
const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
if (encoding) headers['content-encoding'] = encoding
const app = new Elysia()
  .get('/floor', () => new Response(body, { headers }))
  .listen({ port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })
console.log(`floor listening on ${app.server?.port}`)
