/**
 * Billing calls (SPEC 7, contract of issue 10): the plan catalogue, the caller's customer, billing data,
 * plan switch, card, coupon, cancel, one invoice; GET /billing/config tells the billing screen which
 * provider runs. The test clock lives in dev-clock.ts.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, contextSeed } from '../auth/plugin'
import { createStaffCoupon } from './coupons'
import { billingModels } from './model'
import {
  applyCoupon,
  attachCard,
  billingData,
  cancelSubscription,
  getCustomer,
  getInvoice,
  getPlan,
  listPlans,
  switchPlan,
} from './service'

export { devClockRoutes } from './dev-clock'
export { provisionBilling } from './service'

export function billingModule(context: AppContext) {
  return new Elysia({ name: 'billing', seed: contextSeed(context) })
    .use(authPlugin(context))
    .model(billingModels)
    .get('/billing/config', () => ({
      provider: context.config.billingProvider,
      stripePublishableKey:
        context.config.billingProvider === 'stripe' ? (context.config.stripePublishableKey ?? null) : null,
    }))
    .post('/billing/coupons', ({ actor, body }) => createStaffCoupon(context, actor, body), {
      body: 'billing.newCoupon',
    })
    .get('/plans', () => ({ plans: listPlans() }))
    .get('/plans/:id', ({ params }) => ({ plan: getPlan(params.id) }))
    .get('/users/me/customer', async ({ actor }) => ({ customer: await getCustomer(context, actor) }))
    .get('/users/:id/customer/billing-data', ({ actor, params }) => billingData(context, actor, params.id))
    .get('/users/:id/customer/invoices/:invoiceId', ({ actor, params }) =>
      getInvoice(context, actor, params.id, params.invoiceId),
    )
    .put(
      '/users/:id/customer/plan',
      ({ actor, params, body }) => switchPlan(context, actor, params.id, body),
      {
        body: 'billing.plan',
      },
    )
    .post(
      '/users/:id/customer/card',
      ({ actor, params, body }) => attachCard(context, actor, params.id, body.source),
      {
        body: 'billing.card',
      },
    )
    .post(
      '/users/:id/customer/coupon',
      ({ actor, params, body }) => applyCoupon(context, actor, params.id, body.coupon),
      { body: 'billing.coupon' },
    )
    .delete(
      '/users/:id/customer/subscription',
      ({ actor, params, body }) => cancelSubscription(context, actor, params.id, body.survey),
      { body: 'billing.cancel' },
    )
}
