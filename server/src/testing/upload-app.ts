/**
 * The app for the tests that store files (canvas assets, comment attachments, revision pictures): the
 * canvas test app with its database, and the upload helpers those tests share.
 */
import { createCanvasTestApp } from '../modules/canvases/testing'

export { loggedIn, multipart, pathOf, teamWithMembers } from '../modules/canvases/testing'

/** The canvas test app (see createCanvasTestApp: its jobs stop after the file) and its database. */
export async function createUploadTestApp() {
  const setup = await createCanvasTestApp()
  return { setup, db: setup.context.database.db }
}
