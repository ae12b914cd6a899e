/**
 * The compare view of a website (decision 056): a revision at the same address as the current one would
 * show the same live site on both sides. Its stored picture (taken when it was reviewed) shows instead;
 * a revision at an address of its own still shows live, and so does one without a picture.
 */
export interface PicturedRevision {
  number: number
  localUrl?: string | null
  thumbnailUrl?: string | null
}

function sameAddress(a: string | null, b: string | null): boolean {
  if (!a || !b) return a === b
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

/** The picture to show for this side of the compare view, or null to show the live page. */
export function comparePicture(
  revision: PicturedRevision,
  context: { viewer: string; currentNumber: number | null; canvasAddress: string | null },
): string | null {
  if (context.viewer !== 'website' || revision.number === context.currentNumber) return null
  if (!revision.thumbnailUrl) return null
  return sameAddress(revision.localUrl ?? context.canvasAddress, context.canvasAddress)
    ? revision.thumbnailUrl
    : null
}
