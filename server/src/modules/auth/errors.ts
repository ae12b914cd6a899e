/** Errors of the account and session calls that the generic catalogue does not name. */
import { AppError, SSO_REQUIRED_MESSAGE } from '@pinpoint/domain'

/** Wrong e-mail or password. One message for both, so the answer does not tell which accounts exist. */
export class InvalidCredentials extends AppError {
  constructor(message = 'The e-mail or password is incorrect.') {
    super(message, { name: 'InvalidCredentials', status: 401 })
  }
}

/**
 * The account is protected after many failed logins (decision 028): a password alone no longer logs in.
 * The same answer whether the password was right (then a one-time login link was e-mailed) or wrong, so
 * a guesser learns nothing from it.
 */
export class LoginLinkRequired extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      'Too many failed logins for this account, so a password alone is not enough right now. If the password you entered is right, we have e-mailed a one-time login link to the account: open it to log in.',
      { name: 'LoginLinkRequired', status: 429, meta: { retryAfter: retryAfterSeconds, loginLink: true } },
    )
  }
}

/** A login link that is unknown, used or expired. */
export class InvalidLoginLink extends AppError {
  constructor() {
    super('This login link is invalid or has expired. Please log in again.', {
      name: 'InvalidLoginLink',
      status: 400,
    })
  }
}

/** A password-reset link that is unknown, used or expired. */
export class InvalidResetLink extends AppError {
  constructor() {
    super('This password reset link is invalid or has expired. Please ask for a new one.', {
      name: 'InvalidResetLink',
      status: 400,
    })
  }
}

/**
 * A member of a team that signs in only through its identity provider tried another way in (password,
 * login link, password reset). `meta.ssoUrl` starts the SSO login; the login page offers it.
 */
export class SsoRequired extends AppError {
  constructor(ssoUrl: string) {
    super(SSO_REQUIRED_MESSAGE, { name: 'SsoRequired', status: 403, meta: { ssoUrl } })
  }
}
