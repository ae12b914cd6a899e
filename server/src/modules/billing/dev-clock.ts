/**
 * The test clock (contract of issue 10): with BILLING_TEST_CLOCK=1, a request from this machine may move the
 * server's clock (POST /dev/clock { advanceMs } or { at }) and read it (GET /dev/clock). Moving it runs the
 * billing sweep at once, so a trial that just ran out is handled before the answer. Absent otherwise (404),
 * guarded like the dev outbox (loopback socket and every forwarded address loopback).
 */
import { NotFound, ValidationFailed } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { outboxAllowed } from '../../platform/mailer/outbox-page'
import { billingModels } from './model'
import { runBillingSweep } from './runtime'

export function devClockRoutes(context: AppContext) {
  const clock = context.testClock
  if (!context.config.billingTestClock || !clock) return new Elysia({ name: 'dev-clock-off' })
  return new Elysia({ name: 'dev-clock', prefix: '/dev/clock' })
    .model(billingModels)
    .onBeforeHandle({ as: 'local' }, ({ request, server }) => {
      if (!outboxAllowed('loopback', request, server)) throw new NotFound()
    })
    .get('/', () => ({ now: context.now().toISOString() }))
    .post(
      '/',
      async ({ body }) => {
        if (body.at !== undefined) {
          const at = new Date(body.at)
          if (Number.isNaN(at.getTime())) {
            throw new ValidationFailed('`at` must be an ISO date.', {
              issues: [{ path: 'at', message: 'Invalid date' }],
            })
          }
          clock.set(at)
        } else if (body.advanceMs !== undefined) {
          clock.advance(body.advanceMs)
        } else {
          throw new ValidationFailed('Send advanceMs or at.', {
            issues: [{ path: 'advanceMs', message: 'Required' }],
          })
        }
        await runBillingSweep(context)
        return { now: context.now().toISOString() }
      },
      { body: 'billing.clock' },
    )
}
