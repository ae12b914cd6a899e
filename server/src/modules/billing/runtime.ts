/**
 * The billing provider of a server context, created on first use and kept for the context's life, with
 * the handler of provider events (mirror the record, publish, e-mail) wired in.
 */
import { customers } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { createBillingProvider } from '../../platform/billing'
import type { BillingProvider, BillingProviderEvent } from '../../platform/billing/provider'
import { sendBillingNotice } from './notices'
import { syncCustomer } from './sync'

const providers = new WeakMap<AppContext, BillingProvider | null>()

/** What to do when the provider reports something (local sweep and charges, Stripe webhooks). */
export async function handleProviderEvent(
  context: AppContext,
  provider: BillingProvider,
  event: BillingProviderEvent,
): Promise<void> {
  const [row] = await context.database.db
    .select()
    .from(customers)
    .where(eq(customers.customerId, event.providerCustomerId))
  if (!row) return
  const synced = await syncCustomer(context, provider, row)
  await sendBillingNotice(context, synced, event)
}

/** The context's provider; null when billing is turned off. */
export function billingProvider(context: AppContext): BillingProvider | null {
  if (providers.has(context)) return providers.get(context) ?? null
  let provider: BillingProvider | null = null
  provider = createBillingProvider({
    config: context.config,
    db: context.database.db,
    now: () => context.now(),
    onEvent: async (event) => {
      if (provider) await handleProviderEvent(context, provider, event)
    },
  })
  providers.set(context, provider)
  return provider
}

/** Runs the local engine's sweep (the billing-sweep job); the Stripe provider renews by itself. */
export async function runBillingSweep(context: AppContext): Promise<number> {
  const provider = billingProvider(context)
  if (!provider || !('sweep' in provider) || typeof provider.sweep !== 'function') return 0
  const events = (await provider.sweep()) as unknown[]
  return events.length
}
