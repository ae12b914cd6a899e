/**
 * Stripe's documented test tokens (https://docs.stripe.com/testing): the good ones yield a card, the decline
 * ones fail when the card is attached to a customer, with the same error body Stripe sends (card_error,
 * code, decline_code), so the adapter's error mapping is exercised for real.
 */
import { type FakeCard, StripeApiError } from './state'

const GOOD: Record<string, Omit<FakeCard, 'funding' | 'country'>> = {
  tok_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  tok_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034 },
  tok_amex: { brand: 'amex', last4: '8431', exp_month: 12, exp_year: 2034 },
}

const DECLINED: Record<string, { last4: string; code: string; decline_code: string; message: string }> = {
  tok_chargeDeclined: {
    last4: '0002',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  tok_chargeDeclinedInsufficientFunds: {
    last4: '9995',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  tok_chargeDeclinedExpiredCard: {
    last4: '0069',
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
  },
}

/** Attaches fine, then every charge on it fails (Stripe's tok_chargeCustomerFail, card 4000000000000341). */
const FAILS_LATER: Record<string, { last4: string }> = { tok_chargeCustomerFail: { last4: '0341' } }

export function isKnownToken(token: string): boolean {
  return token in GOOD || token in DECLINED || token in FAILS_LATER
}

/** The card a token stands for; decline tokens still describe a (Visa) card, as Stripe's do. */
export function cardForToken(token: string): FakeCard {
  const good = GOOD[token]
  if (good) return { ...good, funding: 'credit', country: 'US' }
  const declined = DECLINED[token] ?? FAILS_LATER[token]
  if (declined)
    return {
      brand: 'visa',
      last4: declined.last4,
      exp_month: 12,
      exp_year: 2034,
      funding: 'credit',
      country: 'US',
    }
  throw new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'token_invalid',
    param: 'card[token]',
    message: `Invalid token id: ${token}`,
  })
}

/** Throws the card_error Stripe answers when the card behind `token` is checked (attach) or charged. */
export function assertChargeable(token: string, charging = false): void {
  const declined =
    DECLINED[token] ?? (charging && token in FAILS_LATER ? DECLINED.tok_chargeDeclined : undefined)
  if (!declined) return
  throw new StripeApiError(402, {
    type: 'card_error',
    code: declined.code,
    decline_code: declined.decline_code,
    message: declined.message,
    param: '',
  })
}

export function chargeSucceeds(token: string | undefined): boolean {
  return token !== undefined && token in GOOD
}
