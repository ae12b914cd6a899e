/**
 * Embedding the current user in the shell page, so the app starts without a round trip to /sessions/me.
 * The data sits in `<script id="pinpoint-bootstrap" type="application/json">`, which browsers never run;
 * every `<` is escaped so no value (a user's name, say) can close the script element early.
 */

export const BOOTSTRAP_ELEMENT_ID = 'pinpoint-bootstrap'

export interface PageBootstrap {
  /** The SPEC User JSON of the current user (guests included), or null. */
  user: unknown
  /** The login-status cookie the server read ('member', 'guest'), or null. */
  loginStatus: string | null
  /** The user being impersonated by a staff member, or null. */
  impersonatedUserId: string | null
  /** Whether analytics events (ANALYTICS_URL) and the tracking cookies (TRACKING_COOKIES) are on. */
  tracking?: { events: boolean; cookies: boolean }
}

export function serializeBootstrap(data: PageBootstrap): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Inserts the bootstrap script before `</head>` (or at the start of `<body>`, or at the end). */
export function injectBootstrap(html: string, data: PageBootstrap): string {
  const script = `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${serializeBootstrap(data)}</script>`
  const head = html.search(/<\/head>/i)
  if (head >= 0) return `${html.slice(0, head)}${script}${html.slice(head)}`
  const body = /<body[^>]*>/i.exec(html)
  if (body)
    return `${html.slice(0, body.index + body[0].length)}${script}${html.slice(body.index + body[0].length)}`
  return html + script
}
