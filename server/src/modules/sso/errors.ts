import type { SsoFailure } from '@pinpoint/domain'

/** An SSO login that ends without a session; the route redirects to the login page with the reason. */
export class SsoLoginFailed extends Error {
  override name = 'SsoLoginFailed'
  constructor(readonly reason: SsoFailure) {
    super(reason)
  }
}
