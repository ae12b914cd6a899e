import { Button, Section, Text } from '@react-email/components'
import { EmailLayout, styles } from './layout'

export type BillingEmailKind = 'trial-ending' | 'trial-ended' | 'payment-failed' | 'receipt'

export interface BillingEmailProps {
  kind: BillingEmailKind
  name: string
  billingUrl: string
  /** Trial end (trial e-mails). */
  trialEnd?: string | null
  /** Receipt and failed payment: the invoice. */
  invoiceNumber?: string | null
  amount?: string | null
  invoiceUrl?: string | null
  /** Failed payment: no retry follows, the subscription has ended. */
  finalAttempt?: boolean
}

export function billingSubject({ kind, invoiceNumber }: Pick<BillingEmailProps, 'kind' | 'invoiceNumber'>) {
  switch (kind) {
    case 'trial-ending':
      return 'Your Pinpoint trial ends in 3 days'
    case 'trial-ended':
      return 'Your Pinpoint trial has ended'
    case 'payment-failed':
      return 'Your Pinpoint payment failed'
    case 'receipt':
      return `Your Pinpoint receipt ${invoiceNumber ?? ''}`.trim()
  }
}

const BODY: Record<BillingEmailKind, (props: BillingEmailProps) => string> = {
  'trial-ending': ({ trialEnd }) =>
    `Your trial ends on ${trialEnd}. Add a card before then and your canvases stay open for feedback without a break.`,
  'trial-ended': () =>
    'Your trial has ended, so your canvases are read-only. Add a card and they are open for feedback again at once.',
  'payment-failed': ({ amount, invoiceNumber, finalAttempt }) =>
    finalAttempt
      ? `We could not charge ${amount} for invoice ${invoiceNumber}, and this was the last attempt: your subscription has ended. Add a card and choose a plan to continue.`
      : `We could not charge ${amount} for invoice ${invoiceNumber}. We will try again in a few days; you can also update your card now.`,
  receipt: ({ amount, invoiceNumber }) => `Thank you! We received ${amount} for invoice ${invoiceNumber}.`,
}

export function BillingEmail(props: BillingEmailProps) {
  const isReceipt = props.kind === 'receipt'
  return (
    <EmailLayout
      preview={billingSubject(props)}
      heading={billingSubject(props)}
      reason="You received this e-mail because it is the billing address of a Pinpoint account."
    >
      <Text style={styles.paragraph}>Hello {props.name},</Text>
      <Text style={styles.paragraph}>{BODY[props.kind](props)}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Button
          href={isReceipt && props.invoiceUrl ? props.invoiceUrl : props.billingUrl}
          style={styles.button}
        >
          {isReceipt ? 'View the invoice' : 'Open billing'}
        </Button>
      </Section>
    </EmailLayout>
  )
}
