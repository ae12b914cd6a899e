/**
 * Connected accounts (SPEC 7): list, connect (the credentials are checked against the tool first, then
 * sealed), disconnect. Credentials never leave the server: the list shows the tool, whose account it is
 * and whether it needs reconnecting.
 */
import { type ConnectedAccount, connectedAccounts, type DbOrTx, newId } from '@pinpoint/db'
import { AppError, canUseExports, NotFound, TooManyRequests, ValidationFailed } from '@pinpoint/domain'
import { and, asc, eq } from 'drizzle-orm'
import { createConnector, isToolType, TOOL_TYPES } from '../../connectors'
import { type ToolCredentials, ToolError, type ToolType } from '../../connectors/types'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { openCredentials, type StoredCredentials, sealCredentials } from './credentials'

export const ACCOUNT_TYPES = ['trello', 'monday', 'asana', 'jira', 'clickup', 'webhook'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export interface AccountJson {
  type: string
  accountName: string | null
  status: string
  lastError: string | null
  createdAt: string
}

export function accountJson(row: ConnectedAccount): AccountJson {
  return {
    type: row.type,
    accountName: row.accountName,
    status: row.status,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  }
}

export function parseAccountType(value: string): AccountType {
  if (!(ACCOUNT_TYPES as readonly string[]).includes(value)) throw new NotFound('No such tool.')
  return value as AccountType
}

/** GET /users/me/accounts: the caller's connections, and whether their plan allows exports at all. */
export async function listAccounts(context: AppContext, actor: Actor) {
  const user = requireMember(actor)
  const rows = await context.database.db
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.userId, user.id))
    .orderBy(asc(connectedAccounts.type))
  const tools = TOOL_TYPES.map((type) => {
    const connector = createConnector(type, context.config)
    return { type, label: connector.label, fields: connector.fields }
  })
  return { accounts: rows.map(accountJson), tools, exportsAllowed: canUseExports(user) }
}

export interface ConnectBody {
  token?: string
  username?: string
  url?: string
}

/** Checks what each tool needs (SPEC 7): a token; Jira also a user name and its site URL. */
function requiredCredentials(type: ToolType, body: ConnectBody): ToolCredentials {
  const token = body.token?.trim()
  if (!token) throw new ValidationFailed('Paste the token from the tool.', { field: 'token' })
  if (type !== 'jira') return { token }
  const username = body.username?.trim()
  if (!username) throw new ValidationFailed('Enter your Jira user name or e-mail.', { field: 'username' })
  let url: URL
  try {
    url = new URL(body.url?.trim() ?? '')
  } catch {
    throw new ValidationFailed('Enter the address of your Jira site, e.g. https://acme.atlassian.net.', {
      field: 'url',
    })
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ValidationFailed('The Jira address must start with https://.', { field: 'url' })
  }
  return { token, username, url: url.toString().replace(/\/$/, '') }
}

/** Inserts or replaces the caller's account of this type; the row id is kept, as the seal is bound to it. */
export async function saveAccount(
  db: DbOrTx,
  context: AppContext,
  input: { userId: string; type: AccountType; credentials: StoredCredentials; accountName: string },
): Promise<ConnectedAccount> {
  const [existing] = await db
    .select({ id: connectedAccounts.id })
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.userId, input.userId), eq(connectedAccounts.type, input.type)))
  const id = existing?.id ?? newId()
  const values = {
    credentials: sealCredentials(context.config, id, input.credentials),
    accountName: input.accountName,
    status: 'connected',
    lastError: null,
  }
  const [row] = existing
    ? await db.update(connectedAccounts).set(values).where(eq(connectedAccounts.id, id)).returning()
    : await db
        .insert(connectedAccounts)
        .values({ id, userId: input.userId, type: input.type, ...values })
        .returning()
  if (!row) throw new Error('The account was not saved.')
  return row
}

/** POST /users/me/accounts/{tool} for a task tool: checked against the tool, then saved sealed. */
export async function connectTool(context: AppContext, actor: Actor, type: ToolType, body: ConnectBody) {
  const user = requireMember(actor)
  authorize(actor, 'export.use', undefined, 'Exports need a team on a plan other than team49.')
  const credentials = requiredCredentials(type, body)
  const connector = createConnector(type, context.config)
  let verified: { accountName: string; variant?: string }
  try {
    verified = await connector.verify(credentials)
  } catch (error) {
    if (!(error instanceof ToolError)) throw error
    const message =
      error.kind === 'reconnect'
        ? `${connector.label} did not accept these credentials. Check the token${type === 'jira' ? ', user name and address' : ''} and try again.`
        : error.message
    throw new ValidationFailed(message, { tool: type, reason: error.kind })
  }
  if (verified.variant) credentials.variant = verified.variant
  const row = await saveAccount(context.database.db, context, {
    userId: user.id,
    type,
    credentials,
    accountName: verified.accountName,
  })
  return accountJson(row)
}

/** DELETE /users/me/accounts/{type}: forgets the credentials (auto-syncs of that tool stop with them). */
export async function disconnectAccount(context: AppContext, actor: Actor, type: AccountType) {
  const user = requireMember(actor)
  const rows = await context.database.db
    .delete(connectedAccounts)
    .where(and(eq(connectedAccounts.userId, user.id), eq(connectedAccounts.type, type)))
    .returning({ id: connectedAccounts.id })
  if (rows.length === 0) throw new NotFound('This tool is not connected.')
  return { deleted: true }
}

/** The caller's account of this type with its opened credentials; NotFound when not connected. */
export async function accountWithCredentials(context: AppContext, userId: string, type: AccountType) {
  const db = context.database.db
  const [account] = await db
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.userId, userId), eq(connectedAccounts.type, type)))
  if (!account) throw new NotFound('Connect this tool in Settings first.')
  return { account, credentials: await openCredentials(db, context.config, account) }
}

/** Records that the tool refused the credentials, so settings shows "reconnect". */
export async function markNeedsReconnect(context: AppContext, accountId: string, message: string) {
  await context.database.db
    .update(connectedAccounts)
    .set({ status: 'reconnect', lastError: message })
    .where(eq(connectedAccounts.id, accountId))
}

/** The tool works with the credentials again: settings stops asking to reconnect. */
export async function markConnected(context: AppContext, accountId: string) {
  await context.database.db
    .update(connectedAccounts)
    .set({ status: 'connected', lastError: null })
    .where(eq(connectedAccounts.id, accountId))
}

export function toolCredentials(stored: StoredCredentials): ToolCredentials {
  return { token: stored.token ?? '', username: stored.username, url: stored.url, variant: stored.variant }
}

/**
 * A tool's refusal as an API error: 409 "reconnect" (and the account flagged), 429 with the tool's wait,
 * 502 for anything else the tool said.
 */
export async function toolFailure(context: AppContext, accountId: string, error: unknown): Promise<unknown> {
  if (!(error instanceof ToolError)) return error
  if (error.kind === 'reconnect') {
    await markNeedsReconnect(context, accountId, error.message)
    return new AppError(error.message, { name: 'Reconnect', status: 409, meta: { reason: 'reconnect' } })
  }
  if (error.kind === 'rate-limited') {
    return new TooManyRequests(Math.ceil((error.retryAfterMs ?? 1000) / 1000), error.message)
  }
  return new AppError(error.message, { name: 'ToolError', status: 502, meta: { reason: error.kind } })
}

export function isTool(type: AccountType): type is ToolType {
  return isToolType(type)
}
