/**
 * Password hashing (argon2id through Bun.password, its default cost) and the password rules.
 */
import { ValidationFailed } from '@pinpoint/domain'

export const MIN_PASSWORD_LENGTH = 8
/** Long enough for any passphrase, short enough that hashing it cannot be used to exhaust the CPU. */
export const MAX_PASSWORD_LENGTH = 200

export function assertPasswordRules(password: string, field = 'password'): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new ValidationFailed(
      `The password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters long.`,
      {
        issues: [
          { path: field, message: `Must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters` },
        ],
      },
    )
  }
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' })
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, guest, SSO-only account) a dummy
 * hash is verified anyway, so the response time does not reveal whether the account exists.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-but-costs-the-same')
    await Bun.password.verify(password, await dummyHash)
    return false
  }
  try {
    return await Bun.password.verify(password, hash)
  } catch {
    return false
  }
}
