/**
 * The floor for large responses: a bare Elysia route answering bytes read once from FLOOR_BODY_FILE (too
 * big for an environment variable), in its own process like the real server.
 */
import { Elysia } from 'elysia'

const body = await Bun.file(process.env.FLOOR_BODY_FILE ?? '/dev/null').text()
const app = new Elysia()
  .get('/floor', () => new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } }))
  .listen({ port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })
console.log(`floor listening on ${app.server?.port}`)
