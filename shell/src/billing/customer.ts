import { type CustomerView, createBillingEndpoints } from '@pinpoint/api'
import { canViewBilling } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { api } from '../api'

const billing = createBillingEndpoints(api)

/** The shell's copy of the signed-in billing owner's customer; the billing remote uses the ['billing'] keys too. */
export const CUSTOMER_QUERY_KEY = ['billing', 'customer'] as const

/** The billing owner's customer (SPEC 6 "view billing"); null for everyone else. */
export function useOwnCustomer() {
  const user = useAtomValue(currentUserAtom)
  const owner = canViewBilling(toDomainUser(user))
  return useQuery({
    queryKey: CUSTOMER_QUERY_KEY,
    queryFn: async () => (await billing.myCustomer()).customer,
    enabled: owner,
    select: (customer) => (owner ? customer : null),
  })
}

/**
 * SPEC 4: a trialing user (the trial's owner) whose trial has ended; their canvases are read-only until
 * a card pays for the plan. Activity comes from the server, which applies the 2-hour grace period.
 */
export function trialExpired(customer: CustomerView | null | undefined): boolean {
  return !!customer && customer.trialing && !customer.active
}
