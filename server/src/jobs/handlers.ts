/** Which function works which queue. Started by index.ts (and by tests that need workers). */
import type { AppContext } from '../context'
import { reachCanvasDeadline, sendReminder } from '../modules/reminders/service'
import { type JobHandler, QUEUES, type QueueName } from './index'

export function jobHandlers(context: AppContext): Partial<Record<QueueName, JobHandler>> {
  return {
    [QUEUES.deadlineReminder]: async (data) => sendReminder(context, String(data.reminderId)),
    [QUEUES.canvasDeadline]: async (data) =>
      reachCanvasDeadline(context, String(data.canvasId), String(data.at)),
  }
}
