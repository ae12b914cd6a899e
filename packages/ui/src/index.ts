/**
 * Pinpoint design system. A Module Federation singleton: components come from the shell's copy.
 * Styles come from `@pinpoint/ui/theme.css`, which every front end imports into its own stylesheet.
 */
export { Button, type ButtonProps, type ButtonVariant } from './button'
export { Card, type CardProps } from './card'
export { cn } from './cn'
export { ErrorState, type ErrorStateProps } from './error-state'
export { Spinner, type SpinnerProps } from './spinner'
