/**
 * Pinpoint design system. A Module Federation singleton: components come from the shell's copy.
 * Styles come from `@pinpoint/ui/theme.css`, which every front end imports into its own stylesheet
 * (and `@pinpoint/ui/fonts.css` once per page: the shell and standalone entries).
 */
export { Avatar, type AvatarProps } from './avatar'
export { avatarHue, initials } from './avatar-logic'
export { Badge, type BadgeProps, type BadgeTone } from './badge'
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClasses } from './button'
export { Card, type CardProps } from './card'
export { type ClassValue, cn } from './cn'
export { ColorPicker, type ColorPickerProps } from './color-picker'
export {
  type DestinationChoice,
  DestinationFields,
  type DestinationFieldsProps,
  type DestinationStep,
} from './destination-fields'
export { Dialog, DialogClose, type DialogProps } from './dialog'
export { EmptyState, type EmptyStateProps } from './empty-state'
export { ErrorState, type ErrorStateProps } from './error-state'
export { Field, type FieldProps, useFieldControl } from './field'
export { fieldAria } from './field-aria'
export { DialogFooter, type DialogFooterProps, FormDialog, type FormDialogProps } from './form-dialog'
export { formatBytes, formatRelativeTime, plural } from './format'
export { Input, type InputProps, Select, type SelectProps, Textarea, type TextareaProps } from './input'
export { LabelChip, type LabelChipProps } from './label-chip'
export { Logo, LogoMark } from './logo'
export {
  Menu,
  MenuItem,
  type MenuItemProps,
  MenuLabel,
  type MenuProps,
  MenuRadioGroup,
  MenuSeparator,
  SubMenu,
} from './menu'
export { newPasswordCheck } from './new-password'
export { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields'
export { type NotificationCardEntry, NotificationList, type NotificationListProps } from './notification-list'
export { Popover, type PopoverProps } from './popover'
export { preloadOverlays } from './preload'
export { Progress, type ProgressProps } from './progress'
export { Skeleton } from './skeleton'
export { Spinner, type SpinnerProps } from './spinner'
export { Switch, type SwitchProps } from './switch'
export { Tabs, type TabsProps } from './tabs'
export {
  type ToastItem,
  type ToastPhaseName,
  type ToastTone,
  ToastViewport,
  type ToastViewportProps,
} from './toast-viewport'
export { Tooltip, type TooltipProps, TooltipProvider } from './tooltip'
export { type GuidedTourOptions, runTour, type TourEnd, type TourStep, useGuidedTour } from './tour'
export { UploadList, type UploadListItem } from './upload-list'
export { VisuallyHidden } from './visually-hidden'
