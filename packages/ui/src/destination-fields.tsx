import { useEffect, useState } from 'react'
import { Field } from './field'
import { Select } from './input'

/** One step of picking where exported comments go (a board, a list, a project, ...). */
export type DestinationStep = {
  name: string
  label: string
  dependsOn: string[]
  optional?: boolean
}

export type DestinationChoice = { id: string; name: string }

export type DestinationFieldsProps = {
  steps: readonly DestinationStep[]
  /** Picks so far, by step name. */
  value: Record<string, string>
  onChange: (value: Record<string, string>) => void
  /** Loads the choices of a step given the earlier picks (from the tool, through the API). */
  loadChoices: (step: string, picked: Record<string, string>) => Promise<DestinationChoice[]>
}

/**
 * The destination steps of an export (board → list, workspace → project → section, ...): each select
 * loads its choices once the steps it depends on are picked; changing a step clears the ones after it.
 * Optional steps offer "None" (sent as 'none', which the server turns into null).
 */
export function DestinationFields({ steps, value, onChange, loadChoices }: DestinationFieldsProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {steps.map((step, index) => (
        <DestinationSelect
          key={step.name}
          step={step}
          value={value}
          onPick={(picked) => {
            const next: Record<string, string> = {}
            for (const earlier of steps.slice(0, index)) {
              const kept = value[earlier.name]
              if (kept) next[earlier.name] = kept
            }
            if (picked) next[step.name] = picked
            onChange(next)
          }}
          loadChoices={loadChoices}
        />
      ))}
    </div>
  )
}

function DestinationSelect({
  step,
  value,
  onPick,
  loadChoices,
}: {
  step: DestinationStep
  value: Record<string, string>
  onPick: (id: string) => void
  loadChoices: DestinationFieldsProps['loadChoices']
}) {
  const ready = step.dependsOn.every((name) => value[name])
  // The picks this step depends on, as one string: the effect reloads when (and only when) they change.
  const key = JSON.stringify(step.dependsOn.map((name) => [name, value[name] ?? '']))
  const [state, setState] = useState<{
    key: string
    choices: DestinationChoice[] | null
    error: string | null
  }>({
    key: '',
    choices: null,
    error: null,
  })
  useEffect(() => {
    if (!ready) return
    let live = true
    const picked = Object.fromEntries(JSON.parse(key) as [string, string][])
    setState({ key, choices: null, error: null })
    loadChoices(step.name, picked).then(
      (choices) => live && setState({ key, choices, error: null }),
      (error: unknown) =>
        live &&
        setState({ key, choices: [], error: error instanceof Error ? error.message : 'Could not load.' }),
    )
    return () => {
      live = false
    }
  }, [ready, key, step.name, loadChoices])
  const choices = state.key === key ? state.choices : null
  const loading = ready && choices === null
  return (
    <Field
      label={step.label}
      error={state.key === key ? state.error : null}
      hint={step.optional ? 'Optional' : undefined}
    >
      <Select
        value={value[step.name] ?? ''}
        disabled={!ready || loading}
        onChange={(event) => onPick(event.target.value)}
      >
        <option value="">
          {!ready ? 'Pick the step above first' : loading ? 'Loading…' : `Choose ${step.label.toLowerCase()}`}
        </option>
        {step.optional && choices ? <option value="none">None</option> : null}
        {(choices ?? []).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Select>
    </Field>
  )
}
