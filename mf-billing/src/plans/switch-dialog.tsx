import type { BillingData, Plan } from '@pinpoint/api'
import { Field, FormDialog, Input } from '@pinpoint/ui'
import { useState } from 'react'
import { billing } from '../api'
import { AppLink } from '../app-link'
import { InlineError } from '../errors'
import { useBillingMutation } from '../queries'
import { needsTeamName } from './plan-groups'

export type SwitchResult = { plan: Plan; teamName: string | null; data: BillingData }

/**
 * Confirms a plan switch. A solo user choosing a team plan names the team the switch creates (they become
 * its owner). A paid plan needs a card unless the trial is still running: the server's 402 says so, and
 * the dialog offers the card form.
 */
export function SwitchDialog({
  plan,
  hasTeam,
  onClose,
  onSwitched,
}: {
  plan: Plan
  hasTeam: boolean
  onClose: () => void
  onSwitched: (result: SwitchResult) => void
}) {
  const askTeam = needsTeamName(plan, hasTeam)
  const [teamName, setTeamName] = useState('')
  const [missing, setMissing] = useState(false)
  const name = teamName.trim()
  // The team name is fixed when the form is sent: by the time the switch answers, the session may already
  // say the user has a team (a live session update), which would make `askTeam` false on that render.
  const change = useBillingMutation(
    (submittedTeam: string | null) =>
      billing.switchPlan(
        'me',
        submittedTeam ? { plan: plan.id, teamName: submittedTeam } : { plan: plan.id },
      ),
    (data, submittedTeam) => onSwitched({ plan, teamName: submittedTeam, data }),
  )
  const needsCard = change.error instanceof Error && 'status' in change.error && change.error.status === 402
  return (
    <FormDialog
      onClose={onClose}
      title={`Switch to ${plan.name}?`}
      description={
        askTeam
          ? 'This plan is for a team. Name it: you become its owner and can invite members next.'
          : 'The change takes effect now; the difference for this period appears on your next invoice.'
      }
      confirmLabel={`Switch to ${plan.name}`}
      form="billing-switch-form"
      pending={change.isPending}
    >
      <form
        id="billing-switch-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (askTeam && !name) setMissing(true)
          else change.mutate(askTeam ? name : null)
        }}
      >
        {askTeam ? (
          <Field label="Team name" required error={missing ? 'Name your team.' : undefined}>
            <Input
              value={teamName}
              maxLength={100}
              autoComplete="organization"
              onChange={(e) => {
                setTeamName(e.target.value)
                setMissing(false)
              }}
            />
          </Field>
        ) : null}
      </form>
      <InlineError error={change.error} />
      {needsCard ? (
        <p className="mt-2 text-sm">
          <AppLink
            to="/billing?add-card=1"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Add a card
          </AppLink>
          , then choose the plan again.
        </p>
      ) : null}
    </FormDialog>
  )
}
