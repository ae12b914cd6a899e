/**
 * The floor every API benchmark is compared to: a bare Elysia route answering a fixed body
 * from memory, in its own process like the real server.
 */
import { Elysia } from 'elysia'

const body = process.env.FLOOR_BODY ?? '{}'
const app = new Elysia()
  .get('/floor', ({ set }) => {
    set.headers['content-type'] = 'application/json'
    return body
  })
  .listen({ port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })
console.log(`floor listening on ${app.server?.port}`)
