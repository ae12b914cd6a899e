import { loadMenu } from './menu'
import { popoverCode } from './popover'
import { tooltipCode } from './tooltip'

/**
 * Fetches the code of the design system's lazily loaded parts (dialog, tabs, switch, menu, popover, tooltip)
 * ahead of use, e.g. once a page is idle, so the first one opens without waiting.
 */
export function preloadOverlays(): Promise<unknown> {
  return Promise.all([
    import('./dialog-radix'),
    import('./tabs-radix'),
    import('./switch-radix'),
    loadMenu(),
    popoverCode.load(),
    tooltipCode.load(),
  ]).catch(() => undefined)
}
