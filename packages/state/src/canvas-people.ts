import { userStateAtom } from './reset'

/** Which canvas's People dialog is open, if any. */
export type CanvasPeopleRequest = { canvasId: string; title: string }

/**
 * The People dialog of a canvas (who has access, roles, ownership, premium) is hosted by the shell, so
 * the dashboard's card menu and the review screen's header open the same dialog by setting this.
 */
export const canvasPeopleAtom = userStateAtom<CanvasPeopleRequest | null>(null)
