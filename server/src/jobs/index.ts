/**
 * Scheduled and retried work through pg-boss on the application's own database (its `pgboss` schema), so
 * jobs survive restarts and each runs once however many server processes work the queues (pg-boss fetches
 * with SKIP LOCKED). PostgreSQL: pg-boss's own small pool on DATABASE_URL. PGlite: `fromPglite` on the
 * embedded instance (STACK-NOTES).
 *
 * pg-boss is started lazily: a process (or a test) that only sends jobs installs the schema on first use;
 * `work()` (called by index.ts after migrate) also starts the workers. Queues are created before use.
 */
import type { DatabaseHandle } from '@pinpoint/db'
import { fromPglite, PgBoss } from 'pg-boss'
import type { Logger } from '../platform/logger'

export const QUEUES = {
  /** One deadline reminder e-mail (data: { reminderId }). */
  deadlineReminder: 'deadline-reminder',
  /** A canvas reaching its feedback deadline: records the "paused" lifecycle event (data: { canvasId, at }). */
  canvasDeadline: 'canvas-deadline',
  /** Hourly: deletes uploads never attached to a comment within a day (file-attachments/orphans.ts). */
  orphanAttachments: 'orphan-attachments',
  /** Every 5 minutes: the local billing engine's renewals, retries, trial notices (billing/runtime.ts). */
  billingSweep: 'billing-sweep',
  /** One try of a webhook message (data: { deliveryId }); failed tries queue the next (webhooks/deliver.ts). */
  webhookDelivery: 'webhook-delivery',
  /** Every minute: pushes new comments and replies of auto-synced canvases, reads task statuses back. */
  autoSync: 'auto-sync',
  /** Mention e-mails held a few seconds for the comment's screenshot (data: { annotationId, ... }). */
  mentionMails: 'mention-mails',
} as const

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

export type JobHandler = (data: Record<string, unknown>) => Promise<void>

export interface Jobs {
  /** Enqueues a job; `startAfter` delays it. Returns the job id. */
  send(
    queue: QueueName,
    data: Record<string, unknown>,
    options?: { startAfter?: Date; singletonKey?: string },
  ): Promise<string>
  cancel(queue: QueueName, jobId: string): Promise<void>
  /** Runs a queue on a cron schedule (UTC); one job per tick whatever the number of processes. */
  schedule(queue: QueueName, cron: string): Promise<void>
  /** Starts workers for the given queues (poll interval in seconds, default 2). */
  work(handlers: Partial<Record<QueueName, JobHandler>>, options?: { pollSeconds?: number }): Promise<void>
  stop(): Promise<void>
}

export function createJobs(database: DatabaseHandle, databaseUrl: string | undefined, logger: Logger): Jobs {
  let starting: Promise<PgBoss> | null = null
  let stopped = false

  function boss(): Promise<PgBoss> {
    if (stopped) return Promise.reject(new Error('The job queue is stopped.'))
    starting ??= (async () => {
      const instance =
        database.kind === 'pglite' && database.pglite
          ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' } as ConstructorParameters<
              typeof PgBoss
            >[0])
          : new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'pinpoint-jobs' })
      instance.on('error', (error: unknown) =>
        logger.error('job queue error', { error: error instanceof Error ? error.message : String(error) }),
      )
      await instance.start()
      for (const name of Object.values(QUEUES)) await instance.createQueue(name)
      return instance
    })().catch((error: unknown) => {
      starting = null
      throw error
    })
    return starting
  }

  return {
    async send(queue, data, options = {}) {
      const instance = await boss()
      const id = await instance.send(queue, data, {
        startAfter: options.startAfter,
        singletonKey: options.singletonKey,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      })
      if (!id) throw new Error(`pg-boss refused the ${queue} job`)
      return id
    },
    async cancel(queue, jobId) {
      await (await boss()).cancel(queue, jobId)
    },
    async schedule(queue, cron) {
      await (await boss()).schedule(queue, cron, {}, { tz: 'UTC' })
    },
    async work(handlers, options = {}) {
      const instance = await boss()
      for (const [queue, handler] of Object.entries(handlers)) {
        if (!handler) continue
        await instance.work<Record<string, unknown>>(
          queue,
          { pollingIntervalSeconds: options.pollSeconds ?? 2, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) await handler(job.data)
          },
        )
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      const pending = starting
      if (pending) await (await pending).stop({ graceful: true, timeout: 5000 })
    },
  }
}
