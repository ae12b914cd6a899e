export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type HttpMethod,
  type RequestOptions,
} from './client'
export { ApiError, type ApiErrorBody, isNetworkError, isNotLoggedIn, toApiError } from './errors'
export type { AuthUser, HealthResponse, SessionResponse } from './types'
