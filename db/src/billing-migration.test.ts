/**
 * Migration 0003_billing: the plans table is seeded from the domain catalogue, and a finalised invoice
 * (and its lines) cannot change any more.
 */
import { describe, expect, test } from 'bun:test'
import { PLAN_CATALOGUE } from '@pinpoint/domain'
import { eq, sql } from 'drizzle-orm'
import { invoiceLines, invoices, plans, users } from './schema/index.ts'
import { buildCustomer, buildUser, testDatabase } from './testing/index.ts'

const { db } = await testDatabase()

/** Drizzle queries are thenables, not promises: wrap one so `rejects` can await it. */
function refused(query: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(query)
}

async function draftInvoice() {
  const user = await buildUser(db)
  const customer = await buildCustomer(db, { user })
  const [invoice] = await db
    .insert(invoices)
    .values({ userId: user.id, customerId: customer.id, status: 'draft', subtotal: 4900, amountDue: 4900 })
    .returning()
  if (!invoice) throw new Error('no invoice')
  await db
    .insert(invoiceLines)
    .values({ invoiceId: invoice.id, customerId: customer.id, description: 'Team', amountCents: 4900 })
  return { user, customer, invoice }
}

describe('migration 0003_billing', () => {
  test('seeds every catalogue plan with its interval, seats, features and premium-canvas limit', async () => {
    const rows = await db.select().from(plans)
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const plan of PLAN_CATALOGUE) {
      const row = byId.get(plan.id)
      expect(row, plan.id).toBeDefined()
      expect({
        name: row?.name,
        interval: row?.interval,
        amountCents: row?.amountCents,
        features: row?.features,
        teamPlan: row?.teamPlan,
        perSeat: row?.perSeat,
        selectable: row?.selectable,
        premiumCanvasLimit: row?.premiumCanvasLimit,
      }).toEqual({
        name: plan.name,
        interval: plan.interval,
        amountCents: plan.amountCents,
        features: [...plan.features],
        teamPlan: plan.teamPlan,
        perSeat: plan.perSeat,
        selectable: plan.selectable,
        premiumCanvasLimit: plan.premiumCanvasLimit,
      })
    }
  })

  test('a draft invoice can change; once finalised only its payment fields can', async () => {
    const { invoice } = await draftInvoice()
    await db.update(invoices).set({ subtotal: 5000, amountDue: 5000 }).where(eq(invoices.id, invoice.id))
    await db
      .update(invoices)
      .set({ status: 'open', number: `PP-T${invoice.id.slice(-8)}`, finalizedAt: new Date() })
      .where(eq(invoices.id, invoice.id))
    await expect(
      refused(db.update(invoices).set({ amountDue: 1 }).where(eq(invoices.id, invoice.id))),
    ).rejects.toThrow()
    await expect(
      refused(db.update(invoices).set({ number: 'PP-X' }).where(eq(invoices.id, invoice.id))),
    ).rejects.toThrow()
    await expect(
      refused(db.update(invoices).set({ status: 'draft' }).where(eq(invoices.id, invoice.id))),
    ).rejects.toThrow()
    await db
      .update(invoices)
      .set({ status: 'paid', amountPaid: 5000, paidAt: new Date() })
      .where(eq(invoices.id, invoice.id))
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id))
    expect(row?.status).toBe('paid')
    expect(row?.amountDue).toBe(5000)
  })

  test('lines of a finalised invoice cannot be added, changed or removed', async () => {
    const { invoice, customer } = await draftInvoice()
    await db
      .update(invoices)
      .set({ status: 'open', finalizedAt: new Date() })
      .where(eq(invoices.id, invoice.id))
    await expect(
      refused(db.update(invoiceLines).set({ amountCents: 1 }).where(eq(invoiceLines.invoiceId, invoice.id))),
    ).rejects.toThrow()
    await expect(
      refused(db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))),
    ).rejects.toThrow()
    await expect(
      refused(
        db
          .insert(invoiceLines)
          .values({ invoiceId: invoice.id, customerId: customer.id, description: 'Extra', amountCents: 1 }),
      ),
    ).rejects.toThrow()
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))
    expect(lines.map((line) => line.amountCents)).toEqual([4900])
  })

  test('deleting the user still removes a finalised invoice with its lines (account deletion)', async () => {
    const { invoice, user } = await draftInvoice()
    await db
      .update(invoices)
      .set({ status: 'paid', finalizedAt: new Date() })
      .where(eq(invoices.id, invoice.id))
    await db.delete(users).where(eq(users.id, user.id))
    const left = await db.execute(
      sql`select count(*)::int as n from invoice_lines where invoice_id = ${invoice.id}`,
    )
    expect(JSON.stringify(left)).toContain('"n":0')
  })
})
