/**
 * The name and colour of a label, with a preview of its chip: used to create a label and to edit one.
 */
import { LABEL_COLORS, labelTextColor } from '@pinpoint/domain'
import { ColorPicker, Field, Input, LabelChip } from '@pinpoint/ui'

export type LabelDraft = { name: string; color: string }

export function LabelFields({
  draft,
  onChange,
  error,
}: {
  draft: LabelDraft
  onChange: (draft: LabelDraft) => void
  error?: string | null
}) {
  return (
    <div className="space-y-4">
      <Field label="Name" error={error ?? undefined} required>
        <Input
          value={draft.name}
          maxLength={50}
          autoComplete="off"
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </Field>
      <ColorPicker
        colors={LABEL_COLORS}
        value={draft.color}
        onChange={(color) => onChange({ ...draft, color })}
        checkColor={labelTextColor}
      />
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        Preview
        <LabelChip
          size="md"
          name={draft.name.trim() || 'Label name'}
          color={draft.color}
          textColor={labelTextColor(draft.color)}
        />
      </p>
    </div>
  )
}
