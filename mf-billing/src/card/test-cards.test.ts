import { describe, expect, test } from 'bun:test'
import { cardToken, formatCardNumber, parseExpiry } from './test-cards'

const now = new Date('2026-11-24T12:00:00Z')
const card = (number: string, expiry = '12/30', cvc = '123') => cardToken({ number, expiry, cvc }, now)

describe('local card form: test numbers become test tokens', () => {
  test('each documented test number maps to its token', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ token: 'tok_visa' })
    expect(card('5555-5555-5555-4444')).toEqual({ token: 'tok_mastercard' })
    expect(card('371449635398431', '12/30', '1234')).toEqual({ token: 'tok_amex' })
    expect(card('4000000000000002')).toEqual({ token: 'tok_chargeDeclined' })
    expect(card('4000000000009995')).toEqual({ token: 'tok_chargeDeclinedInsufficientFunds' })
    expect(card('4000000000000069')).toEqual({ token: 'tok_chargeDeclinedExpiredCard' })
    expect(card('4000 0000 0000 0341')).toEqual({ token: 'tok_chargeCustomerFail' })
  })

  test('another number asks for a test card; a short one for the number', () => {
    expect(card('4111111111111111')).toEqual({
      field: 'number',
      message: 'Use a test card number, such as 4242 4242 4242 4242.',
    })
    expect(card('4242')).toMatchObject({ field: 'number', message: 'Enter the card number.' })
  })

  test('expiry: format and the past', () => {
    expect(card('4242424242424242', '13/30')).toMatchObject({ field: 'expiry' })
    expect(card('4242424242424242', '10/26')).toEqual({ field: 'expiry', message: 'This card has expired.' })
    expect(card('4242424242424242', '11/26')).toEqual({ token: 'tok_visa' })
    expect(parseExpiry('4 / 2031')).toEqual({ month: 4, year: 2031 })
    expect(parseExpiry('0/31')).toBeNull()
  })

  test('security code: 3 digits, 4 for American Express', () => {
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ field: 'cvc' })
    expect(card('371449635398431', '12/30', '123')).toEqual({
      field: 'cvc',
      message: 'Enter the 4-digit security code.',
    })
  })

  test('numbers are grouped as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('371449635398431')).toBe('3714 496353 98431')
    expect(formatCardNumber('42a4')).toBe('424')
  })
})
