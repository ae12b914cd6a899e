/**
 * The card processor's documented test card numbers and the test token each stands for (contract of
 * issue 10). The local provider's card form turns a number into its token; the server accepts the tokens
 * (server/src/platform/billing/test-tokens.ts), and so does Stripe in test mode.
 */
export const TEST_CARD_NUMBERS: Readonly<Record<string, string>> = {
  '4242424242424242': 'tok_visa',
  '5555555555554444': 'tok_mastercard',
  '371449635398431': 'tok_amex',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000009995': 'tok_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'tok_chargeDeclinedExpiredCard',
  // Attaches, then every charge fails (a renewal goes past_due).
  '4000000000000341': 'tok_chargeCustomerFail',
}
