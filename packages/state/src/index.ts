/**
 * Client state shared by the shell and every micro-frontend. This package is a Module Federation
 * singleton: atoms are identified by object identity, so a second copy would silently start empty.
 * Import jotai only from 'jotai' (never 'jotai/utils' etc.): subpaths bundle their own Provider
 * context and would not see the shell's store.
 */
export {
  type AuthState,
  type AuthUser,
  authAtom,
  currentUserAtom,
  initialAuthState,
  isLoggedInAtom,
  loginAtom,
  logoutAtom,
  setApiTokenAtom,
  setImpersonatedUserIdAtom,
  setLoginStatusAtom,
  updateUserAtom,
} from './auth'
export { type CanvasPeopleRequest, canvasPeopleAtom } from './canvas-people'
export {
  getInitialVisit,
  getViewMode,
  INITIAL_VISIT_COOKIE,
  type InitialVisit,
  initialVisitCookie,
  initialVisitData,
  LOGIN_STATUS_COOKIE,
  parseCookies,
  readInitialVisit,
  readViewMode,
  rememberInitialVisit,
  setViewMode,
  VIEW_MODE_COOKIE,
  viewModeCookie,
} from './cookies'
export { toDomainUser } from './domain-user'
export {
  type DashboardChangeScope,
  type DashboardChanges,
  dashboardChangesAtom,
  noteDashboardChangeAtom,
} from './live-dashboard'
export { type Navigator, navigatorAtom } from './navigation'
export {
  dismissNotificationAtom,
  type NotificationEntry,
  type NotificationInput,
  notificationsAtom,
  pushNotificationAtom,
  unreadEventsCountAtom,
} from './notifications'
export { type GuardInput, type PageAccess, pageGuardRedirect, safeNextPath } from './page-guard'
export { resetUserStateAtom, userStateAtom } from './reset'
export { localId, realScheduler, type Scheduler, schedulerAtom } from './scheduler'
export {
  addToastAtom,
  dismissToastAtom,
  holdToastAtom,
  runToastActionAtom,
  type ToastActionInput,
  type ToastEntry,
  type ToastInput,
  type ToastPhase,
  type ToastType,
  toastsAtom,
} from './toasts'
export {
  availableTourAtom,
  hasSeenTour,
  markTourSeen,
  parseGuestTours,
  parseToursAutostart,
  requestTourAtom,
  restartTourAtom,
  toursAutostart,
} from './tours'
export {
  parseTrackingSettings,
  reportCanvasCreation,
  type TrackingSettings,
  track,
  trackingSettings,
} from './tracking'
export {
  cancelUpload,
  patchUploadAtom,
  trackUpload,
  type UploadEntry,
  uploadsAtom,
  useAssetUploads,
  useTrackedUpload,
} from './uploads'
