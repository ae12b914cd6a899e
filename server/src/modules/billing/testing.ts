/** Fixtures of the billing tests: a test app, sign-ups through the real POST /users, one-call helpers. */
import { afterAll } from 'bun:test'
import { uniqueEmail } from '@pinpoint/db/testing'
import type { AppContext } from '../../context'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import type { BillingData } from './views'

export async function createBillingTestApp(overrides: Partial<AppContext> = {}) {
  const setup = await createTestApp(overrides)
  afterAll(() => setup.context.jobs.stop())
  return setup
}

type Setup = Awaited<ReturnType<typeof createBillingTestApp>>

export interface ErrorJson {
  message: string
  error: string
  status: number
  meta: Record<string, unknown>
}

/** A browser that signed up (plan free0 unless told; a paid plan starts the 14-day trial). */
export async function signedUp(
  setup: Setup,
  input: { plan?: string; teamName?: string; coupon?: string } = {},
): Promise<{ client: TestClient; userId: string; email: string }> {
  const client = setup.client()
  const email = uniqueEmail('billing')
  const res = await client.post<{ user: { id: string } }>('/api/v1/users', {
    email,
    name: 'Bill Owner',
    password: 'a good password for billing',
    ...input,
  })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`)
  return { client, userId: res.body.user.id, email }
}

export async function billingDataOf(client: TestClient): Promise<BillingData> {
  const res = await client.get<BillingData>('/api/v1/users/me/customer/billing-data')
  if (res.status !== 200) throw new Error(`billing-data failed: ${res.status} ${res.text}`)
  return res.body
}

export const HOUR = 60 * 60 * 1000
export const DAY = 24 * HOUR
