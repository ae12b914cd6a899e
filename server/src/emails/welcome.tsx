import { Button, Section, Text } from '@react-email/components'
import { EmailLayout, styles } from './layout'

export interface WelcomeEmailProps {
  name: string
  dashboardUrl: string
  teamName?: string | null
  trialDays?: number | null
}

export const welcomeSubject = 'Welcome to Pinpoint'

export function WelcomeEmail({ name, dashboardUrl, teamName, trialDays }: WelcomeEmailProps) {
  return (
    <EmailLayout
      preview="Your account is ready. Add your first canvas and share it for feedback."
      heading={`Welcome, ${name}!`}
      reason="You received this e-mail because you created a Pinpoint account with this address."
    >
      <Text style={styles.paragraph}>
        Your account
        {teamName ? (
          <>
            {' '}
            and the <b>{teamName}</b> team are
          </>
        ) : (
          ' is'
        )}{' '}
        ready. Add a website, a design, an e-mail or a video as a canvas, share its link, and collect comments
        pinned right where they belong.
      </Text>
      {trialDays ? (
        <Text style={styles.paragraph}>
          Your {trialDays}-day trial has started: every feature of your plan is available, no card needed yet.
        </Text>
      ) : null}
      <Section style={{ margin: '24px 0' }}>
        <Button href={dashboardUrl} style={styles.button}>
          Open your dashboard
        </Button>
      </Section>
    </EmailLayout>
  )
}
