/**
 * Development inbox: `GET /api/v1/dev/outbox` lists the latest e-mails of the outbox table and
 * `/api/v1/dev/outbox/:id` shows one as the recipient would see it. Registered only when NODE_ENV is not
 * production, and then answered only to this machine (`DEV_OUTBOX`, default `loopback`): e-mails carry
 * password-reset links and invite codes, so anyone else who could read them could take any account.
 */
import { type DatabaseHandle, outboxEmails } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import type { Server } from 'bun'
import { desc, eq } from 'drizzle-orm'
import { Elysia } from 'elysia'
import type { Config } from '../../config'

/** 127.0.0.0/8, ::1 and the IPv4-mapped form of 127.x (how a dual-stack socket reports IPv4 loopback). */
export function isLoopbackAddress(address: string): boolean {
  const value = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  if (value === '::1' || value === '0:0:0:0:0:0:0:1') return true
  const v4 = value.startsWith('::ffff:') ? value.slice(7) : value
  return /^127(\.\d{1,3}){3}$/.test(v4)
}

/** Addresses a reverse proxy says it forwarded for (X-Forwarded-For, X-Real-IP, Forwarded: for=). */
function forwardedAddresses(request: Request): string[] {
  const headers = request.headers
  const list = (headers.get('x-forwarded-for') ?? '').split(',')
  list.push(headers.get('x-real-ip') ?? '')
  for (const match of (headers.get('forwarded') ?? '').matchAll(/for="?\[?([^\]";,]+)/gi))
    list.push(match[1] ?? '')
  return list.map((entry) => entry.trim()).filter(Boolean)
}

/**
 * Whether this request may read the outbox. With 'loopback' the socket must be loopback AND every address
 * a proxy forwarded must be too: a reverse proxy on the same machine connects from 127.0.0.1 on behalf
 * of remote clients, and it says so in these headers (whatever TRUST_PROXY says, so a forgotten flag
 * cannot open the page).
 */
export function outboxAllowed(
  mode: Config['devOutbox'],
  request: Request,
  server: Pick<Server<unknown>, 'requestIP'> | null,
): boolean {
  if (mode === 'any') return true
  if (mode === 'off') return false
  const socket = server?.requestIP(request)?.address
  if (!socket || !isLoopbackAddress(socket)) return false
  return forwardedAddresses(request).every(isLoopbackAddress)
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#0f172a}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e2e8f0;padding:.4rem .6rem;text-align:left}a{color:#4f46e5}.muted{color:#64748b}</style>
</head><body>${body}</body></html>`,
    { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  )

export function outboxPage(database: DatabaseHandle, mode: Config['devOutbox']) {
  const { db } = database
  return new Elysia({ name: 'dev-outbox', prefix: '/dev/outbox' })
    .onBeforeHandle({ as: 'local' }, ({ request, server }) => {
      // NotFound rather than Forbidden: from elsewhere the page does not exist.
      if (!outboxAllowed(mode, request, server)) throw new NotFound()
    })
    .get('/', async () => {
      const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(100)
      const items = rows
        .map(
          (row) => `<tr><td class="muted">${row.createdAt.toISOString()}</td><td>${escapeHtml(row.to)}</td>
<td><a href="/api/v1/dev/outbox/${row.id}">${escapeHtml(row.subject)}</a></td><td>${escapeHtml(row.kind ?? '')}</td>
<td class="muted">${row.sentAt ? 'sent' : row.error ? `failed: ${escapeHtml(row.error)}` : 'outbox'}</td></tr>`,
        )
        .join('')
      return page(
        'Outbox',
        `<h1>Outbox</h1><p class="muted">The latest 100 e-mails (development only).</p>
<table><thead><tr><th>When</th><th>To</th><th>Subject</th><th>Kind</th><th>State</th></tr></thead><tbody>${items}</tbody></table>`,
      )
    })
    .get('/:id', async ({ params }) => {
      const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, params.id))
      if (!row) throw new NotFound('No such e-mail.')
      const meta = `<p><a href="/api/v1/dev/outbox">&larr; Outbox</a></p><p><b>To:</b> ${escapeHtml(row.to)}<br><b>Subject:</b> ${escapeHtml(row.subject)}</p>`
      // The message is shown in a sandboxed frame: its HTML is ours, but it should not run as this page.
      const frame = `<iframe sandbox style="width:100%;height:80vh;border:1px solid #e2e8f0" srcdoc="${escapeHtml(row.html ?? '')}"></iframe>`
      return page(row.subject, meta + frame)
    })
}
