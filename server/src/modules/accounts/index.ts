/**
 * Connected accounts (SPEC 7): the caller's task tools and webhook, connecting and disconnecting them, the
 * destinations a tool offers, and the export sync per tool.
 */
import { NotFound } from '@pinpoint/domain'
import { Elysia, t } from 'elysia'
import { createConnector } from '../../connectors'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import { authPlugin, requireMember } from '../auth/plugin'
import { listAutoSyncs, removeAutoSync, setAutoSync } from '../auto-sync/service'
import { connectWebhook, listDeliveries, sendTestEvent, syncToWebhook } from '../webhooks/service'
import { AutoSyncBody, ChoicesQuery, ConnectAccountBody, SyncBody } from './model'
import {
  accountWithCredentials,
  connectTool,
  disconnectAccount,
  isTool,
  listAccounts,
  parseAccountType,
  toolCredentials,
  toolFailure,
} from './service'
import { syncToTool } from './sync'

export function accountsModule(context: AppContext) {
  return new Elysia({ name: 'accounts' })
    .use(authPlugin(context))
    .model({ ConnectAccountBody, SyncBody, ChoicesQuery, AutoSyncBody })
    .get(
      '/users/me/accounts',
      async ({ actor }) => {
        const list = await listAccounts(context, actor)
        return { ...list, autoSyncs: await listAutoSyncs(context, requireMember(actor).id) }
      },
      {
        detail: {
          tags: ['Connected accounts'],
          summary: "The caller's connected tools (never their credentials)",
        },
      },
    )
    .post(
      '/users/me/accounts/:tool',
      async ({ actor, params, body }) => {
        const type = parseAccountType(params.tool)
        if (type === 'webhook') return connectWebhook(context, actor, body)
        if (!isTool(type)) throw new NotFound('No such tool.')
        return { account: await connectTool(context, actor, type, body) }
      },
      { body: 'ConnectAccountBody', detail: { tags: ['Connected accounts'], summary: 'Connect a tool' } },
    )
    .delete(
      '/users/me/accounts/:type',
      ({ actor, params }) => disconnectAccount(context, actor, parseAccountType(params.type)),
      { detail: { tags: ['Connected accounts'], summary: 'Disconnect a tool' } },
    )
    .get('/users/me/accounts/webhook/deliveries', ({ actor }) => listDeliveries(context, actor), {
      detail: { tags: ['Connected accounts'], summary: 'The webhook delivery log' },
    })
    .post('/users/me/accounts/webhook/test', ({ actor }) => sendTestEvent(context, actor), {
      detail: { tags: ['Connected accounts'], summary: 'Send a test event to the webhook' },
    })
    .delete(
      '/users/me/accounts/auto-sync',
      ({ actor, body }) => removeAutoSync(context, actor, body.canvasId),
      {
        body: t.Object({ canvasId: t.String({ minLength: 1, maxLength: 100 }) }),
        detail: { tags: ['Connected accounts'], summary: "Stop a canvas's auto-sync" },
      },
    )
    .post(
      '/users/me/accounts/:tool/auto-sync',
      ({ actor, params, body, request }) => setAutoSync(context, actor, request, params.tool, body),
      {
        body: 'AutoSyncBody',
        detail: { tags: ['Connected accounts'], summary: 'Link a canvas to a project or list' },
      },
    )
    .get(
      '/users/me/accounts/:tool/choices',
      async ({ actor, params, query }) => {
        const user = requireMember(actor)
        authorize(actor, 'export.use', undefined, 'Exports need a team on a plan other than team49.')
        const type = parseAccountType(params.tool)
        if (!isTool(type)) throw new NotFound('No such tool.')
        const connector = createConnector(type, context.config)
        const { account, credentials } = await accountWithCredentials(context, user.id, type)
        const { field, ...picked } = query
        if (!connector.fields.some((f) => f.name === field)) throw new NotFound('No such field.')
        try {
          return { choices: await connector.choices(toolCredentials(credentials), field, picked) }
        } catch (error) {
          throw await toolFailure(context, account.id, error)
        }
      },
      {
        query: 'ChoicesQuery',
        detail: { tags: ['Connected accounts'], summary: 'Destinations a tool offers (boards, lists, ...)' },
      },
    )
    .post(
      '/users/me/accounts/:tool/sync',
      async ({ actor, params, body, request }) => {
        const type = parseAccountType(params.tool)
        if (type !== 'webhook' && !isTool(type)) throw new NotFound('No such tool.')
        const result =
          type === 'webhook'
            ? await syncToWebhook(context, actor, request, body.annotationIds)
            : await syncToTool(context, actor, request, type, body)
        context.analytics.track(
          'annotations_exported',
          { target: type, count: body.annotationIds.length },
          actor.user?.id,
        )
        return result
      },
      { body: 'SyncBody', detail: { tags: ['Connected accounts'], summary: 'Export comments as tasks' } },
    )
}
