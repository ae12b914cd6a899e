/** Deadline reminder routes: POST/GET /canvases/{id}/deadline-reminders, DELETE /deadline-reminders/{id}. */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { serializeReminder } from '../canvases/serialize'
import { cancelReminder, createReminders, listReminders } from './service'

export function remindersModule(context: AppContext) {
  const { db } = context.database
  return new Elysia({ name: 'reminders' })
    .use(authPlugin(context))
    .post(
      '/canvases/:id/deadline-reminders',
      async ({ actor, params, body }) => ({
        deadlineReminders: (await createReminders(context, actor, params.id, body)).map(serializeReminder),
      }),
      {
        body: t.Object({
          userIds: t.Optional(t.Array(t.String(), { maxItems: 100 })),
          emails: t.Optional(t.Array(t.String({ maxLength: 320 }), { maxItems: 100 })),
          reminderDates: t.Array(t.String({ maxLength: 40 }), { minItems: 1, maxItems: 20 }),
        }),
      },
    )
    .get('/canvases/:id/deadline-reminders', async ({ actor, params }) => ({
      deadlineReminders: (await listReminders(db, actor, params.id)).map(serializeReminder),
    }))
    .delete('/deadline-reminders/:id', async ({ actor, params }) => ({
      deadlineReminder: serializeReminder(await cancelReminder(context, actor, params.id)),
    }))
}
