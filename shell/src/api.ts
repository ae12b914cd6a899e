import { createApiClient } from '@pinpoint/api'

/** The shell's API client (same origin, /api/v1, cookies included). */
export const api = createApiClient()
