/** The uploads tray's state lives in @pinpoint/state, shared with the review screen's new versions. */
export { type UploadEntry, uploadsAtom } from '@pinpoint/state'
