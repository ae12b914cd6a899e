/**
 * What one person may learn about another (decision 027). A canvas shows people (its owner, its team,
 * invited users, reminder recipients) to everyone who can open it, including link holders; names and
 * avatars are shown to all of them (mentions and assignees need them), an e-mail address only to:
 *  - the person themself, and
 *  - members of the canvas (its creator or a non-guest of the owner's team), who already see the team's
 *    addresses in the team settings and need them to share and remind.
 * Guests, users of other teams and logged-out visitors of a shared link never see another person's e-mail.
 */
import { canAccessCanvas, type DomainCanvas } from '@pinpoint/domain'
import { defineRules } from './types'

/** A person shown in the context of a canvas. */
export interface PersonOnCanvasSubject {
  personId: string | null
  canvas: DomainCanvas
}

export const peopleRules = defineRules({
  'person.seeEmail': (user, { personId, canvas }: PersonOnCanvasSubject) =>
    !!user && ((personId !== null && user.id === personId) || canAccessCanvas(user, canvas)),
})
