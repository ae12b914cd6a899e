import type { BillingData } from '@pinpoint/api'
import { updateUserAtom } from '@pinpoint/state'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { billing, billingKeys, fetchSession } from './api'

export function useBillingConfig() {
  return useQuery({
    queryKey: billingKeys.config,
    queryFn: billing.config,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: async () => (await billing.plans()).plans,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useBillingData(enabled = true) {
  return useQuery({ queryKey: billingKeys.data, queryFn: () => billing.billingData('me'), enabled })
}

/**
 * A billing change: its answer is the new billing data, written to the cache at once; the session is
 * fetched again because the plan, the team and the customer's activity ride on the signed-in user.
 */
export function useBillingMutation<Input>(
  call: (input: Input) => Promise<BillingData>,
  onDone?: (data: BillingData, input: Input) => void,
) {
  const queryClient = useQueryClient()
  const updateUser = useSetAtom(updateUserAtom)
  return useMutation({
    mutationFn: call,
    onSuccess: async (data, input) => {
      queryClient.setQueryData(billingKeys.data, data)
      const { user } = await fetchSession()
      updateUser(user)
      onDone?.(data, input)
    },
  })
}
