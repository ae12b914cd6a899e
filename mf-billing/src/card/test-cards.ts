import { TEST_CARD_NUMBERS } from '@pinpoint/domain'

/**
 * The local provider's card form (no processor script): the processor's documented test card numbers
 * (TEST_CARD_NUMBERS in domain) become the test tokens both providers accept (contract of issue 10). Any
 * other number is refused here, before a call, since the local provider never sees real card numbers.
 */

export type CardInput = { number: string; expiry: string; cvc: string }

export type CardCheck = { token: string } | { field: 'number' | 'expiry' | 'cvc'; message: string }

/** "12/34" or "12 / 2034" → month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text)
  const [, monthText, yearText] = match ?? []
  if (!monthText || !yearText) return null
  const month = Number(monthText)
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  if (month < 1 || month > 12) return null
  return { month, year }
}

/** The token for a test card, or which field is wrong and why. `now` decides whether it has expired. */
export function cardToken(input: CardInput, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits)) return { field: 'number', message: 'Enter the card number.' }
  const token = TEST_CARD_NUMBERS[digits]
  if (!token) return { field: 'number', message: 'Use a test card number, such as 4242 4242 4242 4242.' }
  const expiry = parseExpiry(input.expiry)
  if (!expiry) return { field: 'expiry', message: 'Enter the expiry as MM/YY.' }
  const endOfMonth = new Date(Date.UTC(expiry.year, expiry.month, 1))
  if (endOfMonth.getTime() <= now.getTime()) return { field: 'expiry', message: 'This card has expired.' }
  const cvcLength = digits.startsWith('3') ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    return { field: 'cvc', message: `Enter the ${cvcLength}-digit security code.` }
  return { token }
}

/** Groups the digits as the card shows them: 4-4-4-4, or 4-6-5 for American Express. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19)
  const groups = digits.startsWith('34') || digits.startsWith('37') ? [4, 6, 5] : [4, 4, 4, 4, 3]
  const parts: string[] = []
  let at = 0
  for (const size of groups) {
    if (at >= digits.length) break
    parts.push(digits.slice(at, at + size))
    at += size
  }
  return parts.join(' ')
}
