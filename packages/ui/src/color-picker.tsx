import { Check } from 'lucide-react'
import { useId } from 'react'
import { cn } from './cn'

export type ColorPickerProps = {
  /** The colours offered: a name (read by screen readers) and a value. */
  colors: readonly { name: string; value: string }[]
  value: string
  onChange: (value: string) => void
  /** The group's visible legend. */
  label?: string
  /** Mark colour of each swatch's tick, so it stays visible on light and dark swatches. */
  checkColor?: (value: string) => string
  className?: string
}

/**
 * A row of colour swatches as a radio group of native radios: Tab enters the group, the arrow keys move
 * and choose, as every radio group does, and each swatch is named by its colour, not only shown.
 */
export function ColorPicker({
  colors,
  value,
  onChange,
  label = 'Colour',
  checkColor,
  className,
}: ColorPickerProps) {
  const name = useId()
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {colors.map((color) => {
          const checked = color.value === value.toLowerCase()
          return (
            <label
              key={color.value}
              title={color.name}
              className="relative grid size-8 cursor-pointer place-items-center rounded-full has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
              style={{ background: color.value }}
            >
              <input
                type="radio"
                name={name}
                value={color.value}
                checked={checked}
                onChange={() => onChange(color.value)}
                aria-label={color.name}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              {checked ? (
                <Check
                  aria-hidden="true"
                  className="size-4"
                  style={{ color: checkColor?.(color.value) ?? '#ffffff' }}
                />
              ) : null}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
