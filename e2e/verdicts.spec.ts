/**
 * A verdict reaches the canvas owner by e-mail (issue 17 item 3, decision 047): a client with the feedback
 * link looks back at revision 1 of a PDF canvas whose revision 2 is the latest and requests changes to it.
 * The owner's e-mail (read from the development outbox) names the reviewer, the verdict, the revision and
 * the canvas, carries the comment, and its button opens revision 1, not the latest one. Axe on both sides.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxe } from './a11y'
import { ReviewPage } from './pages/review-page'
import { createCanvas, uploadAsset } from './review-fixtures'
import { linkFromOutbox, ownNetwork, PASSWORD, shot, uniqueEmail } from './support'

const PDFS = join(import.meta.dirname, '..', 'fixtures', 'pdfs')
const pdf = (name: string, file: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(join(PDFS, file)),
})

test('a verdict on an earlier revision e-mails the owner, and the e-mail opens that revision', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  const ownerEmail = uniqueEmail('olive')
  const signUp = await ownerContext.request.post('/api/v1/users', {
    headers: ownNetwork(),
    data: { email: ownerEmail, name: 'Olive Owner', password: PASSWORD, teamName: 'Verdicts' },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const canvas = await createCanvas(ownerContext.request, { type: 'design', title: 'Spring catalogue' })
  await uploadAsset(ownerContext.request, canvas.id, pdf('v1.pdf', 'pdflatex-4-pages.pdf'))
  const made = await ownerContext.request.post(`/api/v1/canvases/${canvas.id}/revisions`, { data: {} })
  expect(made.status(), await made.text()).toBe(200)
  const { canvasRevision } = (await made.json()) as { canvasRevision: { id: string; number: number } }
  expect(canvasRevision.number).toBe(2)
  await uploadAsset(ownerContext.request, canvas.id, pdf('v2.pdf', 'minimal-document.pdf'), canvasRevision.id)

  // The client opens the feedback link (revision 2 first), goes back to revision 1 and requests changes.
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  const client = new ReviewPage(await clientContext.newPage())
  await client.open(canvas.subdomain)
  await client.answerGuestPrompt('Carla Client', uniqueEmail('carla'))
  const revisions = client.page.getByTestId('revision-select')
  await expect(revisions).toHaveValue('2')
  await expect(client.page.getByTestId('pdf-page')).toHaveText('Page 1 of 1')
  await revisions.selectOption('1')
  await expect(client.page).toHaveURL(new RegExp(`/link/${canvas.subdomain}/v/1/`))
  await expect(client.page.getByTestId('pdf-page')).toHaveText('Page 1 of 4')
  await client.page.getByRole('button', { name: 'Review', exact: true }).click()
  const panel = client.page.getByRole('dialog', { name: 'Review revision 1' })
  await panel.getByRole('radio', { name: 'Request changes' }).check()
  await panel.getByLabel('Comment (optional)').fill('The prices on page 3 are last year’s.')
  await expectNoSeriousAxe(client.page, 'verdict panel, guest')
  await panel.getByRole('button', { name: 'Send verdict' }).click()
  await expect(panel).toBeHidden()
  await expect(client.page.getByTestId('verdict-badge')).toHaveText('Changes requested')

  // The owner's e-mail: who, what, which revision of which canvas, the comment, and a link to revision 1.
  const link = await linkFromOutbox(
    ownerContext.request,
    ownerEmail,
    /verdict/,
    new RegExp(`https?://[^\\s"'<>]+/link/${canvas.subdomain}/v/\\d+/`),
  )
  expect(new URL(link).pathname).toBe(`/link/${canvas.subdomain}/v/1/`)
  // The message as the recipient sees it (the outbox page shows it in a frame).
  const outbox = await (await ownerContext.request.get('/api/v1/dev/outbox')).text()
  const row = [...outbox.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((match) => match[1] ?? '')
    .find((cells) => cells.includes(ownerEmail) && cells.includes('verdict'))
  const href = row?.match(/href="([^"]+)"/)?.[1]
  expect(href, 'the verdict e-mail is in the outbox').toBeTruthy()
  const page = await ownerContext.newPage()
  await page.goto(href ?? '')
  const mail = page.frameLocator('iframe')
  await expect(mail.getByRole('heading', { level: 1 })).toHaveText(
    'Carla Client requested changes to revision 1 of “Spring catalogue”',
  )
  await expect(mail.getByText('The prices on page 3 are last year’s.')).toBeVisible()
  const button = mail.getByRole('link', { name: 'Open revision 1' })
  await expect(button).toHaveAttribute('href', link)
  await shot(page, 'verdict-email')

  // Opened by the owner, the link shows revision 1 (not the latest) with the verdict on it.
  await page.goto(new URL(link).pathname)
  await expect(page.getByTestId('review-top-bar')).toBeVisible()
  await expect(page.getByTestId('revision-select')).toHaveValue('1')
  await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 4')
  await expect(page.getByTestId('verdict-badge')).toHaveText('Changes requested')
  await expectNoSeriousAxe(page, 'revision 1 opened from the verdict e-mail')
  await shot(page, 'verdict-email-opens-revision-1')
  await clientContext.close()
  await ownerContext.close()
})
