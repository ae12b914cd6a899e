/**
 * Response shapes the front ends rely on. The server modules own the real schemas; these are the
 * fields the client reads, kept deliberately small until the API publishes its OpenAPI types.
 */
export type AuthUser = {
  id: string
  name: string
  email: string
  isGuest?: boolean
  avatarUrl?: string | null
  teamId?: string | null
}

/** GET /sessions/me */
export type SessionResponse = { user: AuthUser }

/** GET /health */
export type HealthResponse = {
  status?: string
  database?: { kind?: string; version?: string }
}
