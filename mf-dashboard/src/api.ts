import { createApiClient, createEndpoints } from '@pinpoint/api'

/** The dashboard's calls (same origin /api/v1, cookies included). */
export const api = createApiClient()
export const endpoints = createEndpoints(api)
