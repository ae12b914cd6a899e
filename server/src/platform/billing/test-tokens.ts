/**
 * The card processor's documented test tokens (Stripe's), which the local engine accepts as cards, so the
 * same tests and the same card form work against both providers.
 */
import type { CardView, DeclineReason } from './provider'

interface TokenCard {
  brand: string
  last4: string
  /** Attaching fails with this reason. */
  declined?: DeclineReason
  /** Attaching succeeds, every later charge fails (Stripe's tok_chargeCustomerFail). */
  failsCharges?: boolean
}

export const TEST_TOKENS: Readonly<Record<string, TokenCard>> = {
  tok_visa: { brand: 'Visa', last4: '4242' },
  tok_mastercard: { brand: 'Mastercard', last4: '4444' },
  tok_amex: { brand: 'American Express', last4: '8431' },
  tok_chargeDeclined: { brand: 'Visa', last4: '0002', declined: 'card_declined' },
  tok_chargeDeclinedInsufficientFunds: { brand: 'Visa', last4: '9995', declined: 'insufficient_funds' },
  tok_chargeDeclinedExpiredCard: { brand: 'Visa', last4: '0069', declined: 'expired_card' },
  tok_chargeCustomerFail: { brand: 'Visa', last4: '0341', failsCharges: true },
}

/** Card numbers of the local card form and the token each stands for (contract of issue 10). */
export const TEST_CARD_NUMBERS: Readonly<Record<string, string>> = {
  '4242424242424242': 'tok_visa',
  '5555555555554444': 'tok_mastercard',
  '378282246310005': 'tok_amex',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000009995': 'tok_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'tok_chargeDeclinedExpiredCard',
  '4000000000000341': 'tok_chargeCustomerFail',
}

/** The card a successful token stands for; test cards expire in December, three years from `now`. */
export function tokenCard(token: string, now: Date): (TokenCard & { view: CardView }) | undefined {
  const card = TEST_TOKENS[token]
  if (!card) return undefined
  return {
    ...card,
    view: { brand: card.brand, last4: card.last4, expMonth: 12, expYear: now.getUTCFullYear() + 3 },
  }
}
