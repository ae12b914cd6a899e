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

/** The card a successful token stands for; test cards expire in December, three years from `now`. */
export function tokenCard(token: string, now: Date): (TokenCard & { view: CardView }) | undefined {
  const card = TEST_TOKENS[token]
  if (!card) return undefined
  return {
    ...card,
    view: { brand: card.brand, last4: card.last4, expMonth: 12, expYear: now.getUTCFullYear() + 3 },
  }
}
