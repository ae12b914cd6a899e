/** Which function works which queue, and what runs on a schedule. Started by index.ts (and by tests). */
import type { AppContext } from '../context'
import { runAutoSyncs } from '../modules/auto-sync/runner'
import { runBillingSweep } from '../modules/billing/runtime'
import { collectOrphanAttachments } from '../modules/file-attachments/orphans'
import { reachCanvasDeadline, sendReminder } from '../modules/reminders/service'
import { sendHeldMentionEmails } from '../modules/screenshots/held-mails'
import { attemptDelivery } from '../modules/webhooks/deliver'
import { type JobHandler, QUEUES, type QueueName } from './index'

export function jobHandlers(context: AppContext): Partial<Record<QueueName, JobHandler>> {
  return {
    [QUEUES.deadlineReminder]: async (data) => sendReminder(context, String(data.reminderId)),
    [QUEUES.canvasDeadline]: async (data) =>
      reachCanvasDeadline(context, String(data.canvasId), String(data.at)),
    [QUEUES.orphanAttachments]: async () => {
      await collectOrphanAttachments(context)
    },
    [QUEUES.billingSweep]: async () => {
      await runBillingSweep(context)
    },
    [QUEUES.autoSync]: async () => {
      await runAutoSyncs(context)
    },
    [QUEUES.webhookDelivery]: async (data) => {
      await attemptDelivery(context, String(data.deliveryId))
    },
    [QUEUES.mentionMails]: async (data) => {
      await sendHeldMentionEmails(context, data)
    },
  }
}

/** Recurring work (cron, UTC), registered once at start; pg-boss keeps one schedule per queue. */
export const SCHEDULES: Partial<Record<QueueName, string>> = {
  [QUEUES.orphanAttachments]: '23 * * * *',
  [QUEUES.billingSweep]: '*/5 * * * *',
  [QUEUES.autoSync]: '* * * * *',
}
