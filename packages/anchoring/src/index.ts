/**
 * `@pinpoint/anchoring`: pins on live web pages and e-mails that survive reloads, resizes and edits.
 * DOM-only, no dependencies; runs inside proxied pages (bundled into the bridge script) and in tests.
 */

export { withText } from './alternate'
export { anchorElementFor, type CaptureOptions, captureAnchor } from './capture'
export { type Carried, carryAnchor, carryAnchors } from './carry'
export { cssPath, isStableId } from './css-path'
export { fingerprintOf, scoreCandidate, TextCache, urlKey } from './fingerprint'
export * from './protocol'
export {
  ACCEPT,
  createResolveContext,
  type Explained,
  explainResolution,
  isAnchor,
  type ResolveContext,
  resolveAnchor,
  resolveAnchors,
} from './resolve'
export { contextSimilarity, findAll, normalizeText, similarity, textHash } from './text'
export { BRIDGE_ATTRIBUTE, buildTextIndex, type TextIndex } from './text-index'
export * from './types'
