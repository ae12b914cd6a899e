/** Errors of the account and session calls that the generic catalogue does not name. */
import { AppError } from '@pinpoint/domain'

/** Wrong e-mail or password. One message for both, so the answer does not tell which accounts exist. */
export class InvalidCredentials extends AppError {
  constructor(message = 'The e-mail or password is incorrect.') {
    super(message, { name: 'InvalidCredentials', status: 401 })
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
