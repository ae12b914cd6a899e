/**
 * Fake Stripe endpoints for customers, payment methods made from test tokens, prices (found by lookup key),
 * coupons and promotion codes.
 */
import { assertChargeable, cardForToken } from './cards'
import { bool, int, list, obj, str, strings } from './form'
import { get, type Handler, listOf } from './route-helpers'
import { type FakeCoupon, type FakePromotionCode, invalid } from './state'

export const customerRoutes: Array<[string, RegExp, Handler]> = [
  [
    'POST',
    /^\/v1\/customers$/,
    (l, p) => {
      const customer = {
        id: l.state.id('cus'),
        object: 'customer' as const,
        email: str(p.email) ?? null,
        name: str(p.name) ?? null,
        metadata: strings(p.metadata),
        invoice_settings: { default_payment_method: null },
        created: l.now(),
      }
      l.state.customers.set(customer.id, customer)
      l.emit('customer.created', customer)
      return customer
    },
  ],
  [
    'GET',
    /^\/v1\/customers$/,
    (l, p) => {
      const email = str(p.email)
      const found = [...l.state.customers.values()].filter((customer) => !email || customer.email === email)
      return listOf(found.reverse(), '/v1/customers', int(p.limit) ?? 10)
    },
  ],
  [
    'GET',
    /^\/v1\/customers\/search$/,
    (l, p) => {
      // Only the query form the adapter uses: metadata['key']:'value'.
      const match = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(str(p.query) ?? '')
      if (!match) throw invalid('This fake searches customers by one metadata value only.', 'query')
      const [, key = '', raw = ''] = match
      const value = raw.replace(/\\(.)/g, '$1')
      const found = [...l.state.customers.values()].filter((customer) => customer.metadata[key] === value)
      return {
        object: 'search_result',
        data: found,
        has_more: false,
        next_page: null,
        url: '/v1/customers/search',
      }
    },
  ],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (l, _p, [id]) => get(l.state.customers, 'customer', id)],
  [
    'POST',
    /^\/v1\/customers\/([^/]+)$/,
    (l, p, [id]) => {
      const customer = get(l.state.customers, 'customer', id)
      const method = str(obj(p.invoice_settings).default_payment_method)
      if (method)
        customer.invoice_settings.default_payment_method = get(
          l.state.paymentMethods,
          'payment method',
          method,
        ).id
      if (str(p.email)) customer.email = str(p.email) ?? null
      if (str(p.name)) customer.name = str(p.name) ?? null
      // As at Stripe, an empty value removes the key.
      for (const [key, value] of Object.entries(strings(p.metadata))) {
        if (value === '') delete customer.metadata[key]
        else customer.metadata[key] = value
      }
      l.emit('customer.updated', customer)
      return customer
    },
  ],
  [
    'POST',
    /^\/v1\/payment_methods$/,
    (l, p) => {
      const token = str(obj(p.card).token)
      if (str(p.type) !== 'card' || !token)
        throw invalid('Only card payment methods made from a token are supported.', 'card')
      const method = {
        id: l.state.id('pm'),
        object: 'payment_method' as const,
        type: 'card' as const,
        card: cardForToken(token),
        customer: null,
        created: l.now(),
      }
      l.state.paymentMethods.set(method.id, method)
      l.state.paymentMethodTokens.set(method.id, token)
      return method
    },
  ],
  [
    'GET',
    /^\/v1\/payment_methods\/([^/]+)$/,
    (l, _p, [id]) => get(l.state.paymentMethods, 'payment method', id),
  ],
  [
    'POST',
    /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    (l, p, [id]) => {
      const method = get(l.state.paymentMethods, 'payment method', id)
      const customer = get(l.state.customers, 'customer', str(p.customer))
      // Stripe checks the card with the issuer on attach: decline tokens fail here.
      assertChargeable(l.state.paymentMethodTokens.get(method.id) ?? '')
      method.customer = customer.id
      l.emit('payment_method.attached', method)
      return method
    },
  ],
  [
    'GET',
    /^\/v1\/prices$/,
    (l, p) => {
      const keys = list(p.lookup_keys).filter((key): key is string => typeof key === 'string')
      const prices = [...l.state.prices.values()].filter(
        (price) => keys.length === 0 || keys.includes(price.lookup_key),
      )
      return listOf(prices, '/v1/prices', int(p.limit) ?? 100)
    },
  ],
  [
    'POST',
    /^\/v1\/coupons$/,
    (l, p) => {
      const coupon: FakeCoupon = {
        id: str(p.id) ?? l.state.id('co'),
        object: 'coupon',
        name: str(p.name) ?? null,
        percent_off: p.percent_off ? Number(p.percent_off) : null,
        amount_off: int(p.amount_off) ?? null,
        currency: str(p.currency) ?? (p.amount_off ? 'usd' : null),
        duration: (str(p.duration) as FakeCoupon['duration']) ?? 'once',
        duration_in_months: int(p.duration_in_months) ?? null,
        max_redemptions: int(p.max_redemptions) ?? null,
        redeem_by: int(p.redeem_by) ?? null,
        times_redeemed: 0,
        valid: true,
        created: l.now(),
      }
      l.state.coupons.set(coupon.id, coupon)
      return coupon
    },
  ],
  [
    'POST',
    /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    (l, _p, [id]) => {
      const method = get(l.state.paymentMethods, 'payment method', id)
      for (const customer of l.state.customers.values()) {
        if (customer.invoice_settings.default_payment_method === method.id) {
          customer.invoice_settings.default_payment_method = null
        }
      }
      method.customer = null
      l.emit('payment_method.detached', method)
      return method
    },
  ],
  [
    'GET',
    /^\/v1\/promotion_codes\/([^/]+)$/,
    (l, _p, [id]) => get(l.state.promotionCodes, 'promotion code', id),
  ],
  ['GET', /^\/v1\/coupons\/([^/]+)$/, (l, _p, [id]) => get(l.state.coupons, 'coupon', id)],
  [
    'POST',
    /^\/v1\/promotion_codes$/,
    (l, p) => {
      const coupon = get(l.state.coupons, 'coupon', str(obj(p.promotion).coupon))
      const code: FakePromotionCode = {
        id: l.state.id('promo'),
        object: 'promotion_code',
        code: str(p.code) ?? coupon.id.toUpperCase(),
        active: bool(p.active) ?? true,
        promotion: { type: 'coupon', coupon: coupon.id },
        expires_at: int(p.expires_at) ?? null,
        max_redemptions: int(p.max_redemptions) ?? null,
        times_redeemed: 0,
        created: l.now(),
      }
      l.state.promotionCodes.set(code.id, code)
      return code
    },
  ],
  [
    'GET',
    /^\/v1\/promotion_codes$/,
    (l, p) => {
      const code = str(p.code)
      const active = bool(p.active)
      const codes = [...l.state.promotionCodes.values()].filter(
        // Promotion codes are case-insensitive at Stripe.
        (entry) =>
          (!code || entry.code.toLowerCase() === code.toLowerCase()) &&
          (active === undefined || entry.active === active),
      )
      return listOf(codes, '/v1/promotion_codes', int(p.limit) ?? 10)
    },
  ],
]
