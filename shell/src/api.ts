import { createApiClient, createEndpoints } from '@pinpoint/api'

/** The shell's API client (same origin, /api/v1, cookies included). */
export const api = createApiClient()

/** The typed calls of SPEC section 7. */
export const endpoints = createEndpoints(api)
