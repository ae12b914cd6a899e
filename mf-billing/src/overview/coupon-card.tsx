import type { BillingData, CouponView } from '@pinpoint/api'
import { Badge, Button, Card, Field, Input } from '@pinpoint/ui'
import { useState } from 'react'
import { billing } from '../api'
import { formatMoney } from '../format'
import { useBillingMutation } from '../queries'

/** "20% off for 3 months" (a coupon's own terms; it is not a plan price). */
export function couponTerms(coupon: CouponView, currency = 'usd'): string {
  const off =
    coupon.percentOff !== null
      ? `${coupon.percentOff}% off`
      : `${formatMoney(coupon.amountOffCents ?? 0, currency)} off`
  if (coupon.duration === 'forever') return `${off}, for as long as you stay`
  if (coupon.duration === 'once') return `${off} your next invoice`
  const months = coupon.durationInMonths ?? 1
  return `${off} for ${months} ${months === 1 ? 'month' : 'months'}`
}

/** The coupon in effect, or a field to apply one; the server says why a code is refused. */
export function CouponCard({ data }: { data: BillingData }) {
  const [code, setCode] = useState('')
  const apply = useBillingMutation(
    (coupon: string) => billing.applyCoupon('me', coupon),
    () => setCode(''),
  )
  const currency = data.upcomingInvoice?.currency ?? data.invoices[0]?.currency ?? 'usd'
  return (
    <Card title="Coupon" data-testid="billing-coupon">
      {data.coupon ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm" data-testid="billing-coupon-applied">
          <Badge tone="success">{data.coupon.code}</Badge>
          <span>{couponTerms(data.coupon, currency)}</span>
        </p>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (code.trim()) apply.mutate(code.trim())
        }}
      >
        <Field
          label={data.coupon ? 'Replace with another code' : 'Coupon code'}
          className="min-w-0 flex-1"
          error={apply.error instanceof Error ? apply.error.message : undefined}
        >
          <Input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </Field>
        <Button type="submit" variant="secondary" loading={apply.isPending} disabled={!code.trim()}>
          Apply
        </Button>
      </form>
    </Card>
  )
}
