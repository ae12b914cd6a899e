/** Canvas types whose files are managed in the review screen's file list (accepted file types each). */
export const FILE_ACCEPT: Record<string, string> = {
  pdf: 'application/pdf,.pdf',
  design: 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf,.pdf',
  other: 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf,.pdf',
}

/** Videos and e-mails have one file a revision, replaced by uploading a new version instead. */
export function managesFiles(canvasType: string): boolean {
  return Object.hasOwn(FILE_ACCEPT, canvasType)
}
