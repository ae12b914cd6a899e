/**
 * The frame every product e-mail shares: brand header, a white card, a footer saying why the recipient got
 * it. Inline styles only (what e-mail clients render reliably); colours match the app's theme.
 */
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

export const colors = {
  brand: '#4f46e5',
  text: '#0f172a',
  muted: '#64748b',
  border: '#e2e8f0',
  background: '#f8fafc',
}

export const styles = {
  paragraph: { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  button: {
    backgroundColor: colors.brand,
    borderRadius: '8px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 22px',
    textDecoration: 'none',
  },
  link: { color: colors.brand, wordBreak: 'break-all' as const },
}

export interface LayoutProps {
  preview: string
  heading: string
  /** Why the recipient got this e-mail (shown in the footer). */
  reason: string
  children: ReactNode
}

export function EmailLayout({ preview, heading, reason, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.background,
          fontFamily: 'Inter, -apple-system, Segoe UI, Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '32px 0',
        }}
      >
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '0 16px' }}>
          <Text
            style={{
              color: colors.brand,
              fontSize: '20px',
              fontWeight: 700,
              letterSpacing: '-0.02em',
              margin: '0 0 20px',
            }}
          >
            ● Pinpoint
          </Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${colors.border}`,
              borderRadius: '12px',
              padding: '32px',
            }}
          >
            <Heading
              as="h1"
              style={{
                color: colors.text,
                fontSize: '22px',
                fontWeight: 700,
                lineHeight: '30px',
                margin: '0 0 16px',
              }}
            >
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '24px 0 12px' }} />
          <Text style={styles.muted}>{reason}</Text>
          <Text style={styles.muted}>
            Pinpoint — visual feedback on designs, websites, e-mails and videos.
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
