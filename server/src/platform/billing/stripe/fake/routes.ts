/**
 * The Stripe REST endpoints the adapter calls, answered from the fake's memory. Paths, parameter names,
 * list envelopes (`{ object: 'list', data, has_more, url }`) and error bodies follow Stripe's API reference;
 * anything the adapter does not use answers 404 like an unknown Stripe route.
 */
import { customerRoutes } from './customer-routes'
import type { FormObject } from './form'
import type { Ledger } from './invoicing'
import type { Handler } from './route-helpers'
import { StripeApiError } from './state'
import { subscriptionRoutes } from './subscription-routes'

const routes: Array<[string, RegExp, Handler]> = [...customerRoutes, ...subscriptionRoutes]

/** Finds and runs the handler for a request; unknown paths answer Stripe's "Unrecognized request URL". */
export function route(ledger: Ledger, method: string, path: string, params: FormObject): unknown {
  for (const [verb, pattern, handler] of routes) {
    const match = verb === method ? pattern.exec(path) : null
    if (match) return handler(ledger, params, match.slice(1).map(decodeURIComponent))
  }
  throw new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).`,
  })
}
