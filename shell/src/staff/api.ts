import { createReleaseEndpoints, createStaffEndpoints } from '@pinpoint/api'
import { api } from '../api'

/** Staff tools and impersonation calls (decision 043). */
export const staffEndpoints = createStaffEndpoints(api)

/**
 * Leaves an impersonation, then loads `to` as a new page: nothing the customer's session put in client
 * state (queries, atoms, a remote's cache) may survive into the staff member's own.
 */
export async function stopImpersonating(to = '/staff'): Promise<void> {
  await staffEndpoints.stopImpersonating()
  window.location.assign(to)
}

/** The front-end release registry (decision 051). */
export const releaseEndpoints = createReleaseEndpoints(api)
