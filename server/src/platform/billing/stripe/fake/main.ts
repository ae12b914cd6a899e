/**
 * Runs the fake Stripe server by hand, for trying the Stripe provider without a Stripe account:
 *
 *   FAKE_STRIPE_PORT=12111 STRIPE_SECRET_KEY=sk_test_local STRIPE_WEBHOOK_SECRET=whsec_local \
 *   FAKE_STRIPE_WEBHOOK_URL=http://localhost:3000/api/v1/billing/stripe/webhook \
 *   bun server/src/platform/billing/stripe/fake/main.ts
 *
 * then start the server with the same two keys and STRIPE_API_URL=http://127.0.0.1:12111. Time runs with the
 * wall clock; `curl -X POST -H 'Authorization: Bearer sk_test_local' -d seconds=1209600
 * http://127.0.0.1:12111/_fake/advance` moves it (here 14 days: the end of a trial).
 */
import { startCatalogueFake } from './catalogue'

let offsetMs = 0
const secretKey = process.env.STRIPE_SECRET_KEY ?? 'sk_test_local'
const fake = startCatalogueFake({
  secretKey,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local',
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL ?? null,
  port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
  now: () => new Date(Date.now() + offsetMs),
  moveClock: (seconds) => {
    offsetMs += Math.max(0, seconds) * 1000
  },
})
console.log(`fake Stripe on ${fake.url} (secret key ${secretKey})`)
