/**
 * E-mail addresses are stored trimmed and lowercased (the users and invites tables enforce it with a check
 * constraint), so "Ann@Example.com " and "ann@example.com" are one account. Local parts are not otherwise
 * rewritten (no Gmail dot folding): that is provider-specific and would merge distinct mailboxes elsewhere.
 */
import { ValidationFailed } from '@pinpoint/domain'

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]{2,}$/

export const MAX_EMAIL_LENGTH = 254

export function normalizeEmail(raw: string): string {
  return raw.normalize('NFC').trim().toLowerCase()
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email)
}

/** Normalises and validates, throwing ValidationFailed naming the field. */
export function parseEmail(raw: string, field = 'email'): string {
  const email = normalizeEmail(raw)
  if (!isValidEmail(email)) {
    throw new ValidationFailed('Please enter a valid e-mail address.', {
      issues: [{ path: field, message: 'Not a valid e-mail address' }],
    })
  }
  return email
}

/** The domain part of a normalised address. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1)
}
