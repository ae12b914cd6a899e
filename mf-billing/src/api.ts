import { createApiClient, createBillingEndpoints, type SessionResponse } from '@pinpoint/api'

/** The same-origin API client of this remote (cookies included). */
export const api = createApiClient()

/** The billing calls of the contract (issue 10). */
export const billing = createBillingEndpoints(api)

/** Query keys shared with the shell, which refetches them when a customer.updated frame arrives. */
export const billingKeys = {
  all: ['billing'] as const,
  config: ['billing', 'config'] as const,
  plans: ['billing', 'plans'] as const,
  data: ['billing', 'data'] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
  token: ['billing', 'api-token'] as const,
}

/** The signed-in user again: a plan switch can create a team, which the session then carries. */
export function fetchSession() {
  return api.get<SessionResponse>('/sessions/me')
}
