/** Request-level safety: client address, CSRF origin check, e-mail normalisation. */
export {
  type ClientIpResolver,
  createClientIpResolver,
  lastForwardedFor,
  testClientIpResolver,
} from './client-ip'
export { emailDomain, isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail, parseEmail } from './email'
export { isSameOriginRequest, originCheck } from './origin-check'
