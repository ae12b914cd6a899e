export {
  type ApiTokenView,
  type BillingConfig,
  type BillingData,
  type BillingEndpoints,
  type CardView,
  type CouponView,
  type CustomerView,
  createBillingEndpoints,
  type InvoiceLine,
  type InvoicePage,
  type InvoiceView,
  type OffboardingSurvey,
  type Plan,
  type SubscriptionView,
} from './billing'
export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  DEFAULT_RETRY_POLICY,
  type HttpMethod,
  type RequestOptions,
  type RetryPolicy,
} from './client'
export {
  type CanvasCreateInput,
  type CanvasUpdate,
  createEndpoints,
  type Endpoints,
  type SignUpInput,
  type UserUpdate,
  type VideoAssetInput,
} from './endpoints'
export { ApiError, type ApiErrorBody, isNetworkError, isNotLoggedIn, toApiError } from './errors'
export { type FormUploadOptions, sendForm, type UploadProgress } from './form-upload'
export {
  type AccountsView,
  type AccountType,
  type AutoSyncView,
  type ConnectedAccount,
  type ConnectInput,
  createIntegrationEndpoints,
  csvBlob,
  type DestinationField,
  type IntegrationEndpoints,
  type SyncResponse,
  type SyncResult,
  type TaskToolType,
  type ToolInfo,
  type WebhookDelivery,
  type WebhookTry,
} from './integrations'
export {
  type CanvasPerson,
  type CanvasUserRole,
  createPeopleEndpoints,
  type PeopleEndpoints,
  type PremiumLimitMeta,
} from './people'
export {
  createRealtimeClient,
  type DashboardHintKind,
  DEFAULT_REALTIME_BACKOFF_MS,
  type ProjectHintKind,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeMessage,
  type RealtimeOptions,
  type RealtimeStatus,
  realtimeUrl,
  type WebSocketLike,
} from './realtime'
export {
  createReleaseEndpoints,
  type ReleaseEndpoints,
  type ReleaseSlice,
  type ReleaseSwitch,
  type SliceReleases,
} from './releases'
export {
  createStaffEndpoints,
  type ImpersonationRecord,
  type StaffEndpoints,
  type StaffUser,
} from './staff'
export type * from './types'
export { tusEndpoint, uploadVideo } from './video-upload'
