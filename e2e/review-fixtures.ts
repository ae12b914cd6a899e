/**
 * Fixtures of the review and anchoring journeys: the corpus served from 127.0.0.1 (corpus-server.ts) and
 * a member with a website canvas pointing at it, whose signed proxy address the app hands out.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { type APIRequestContext, type Browser, expect } from '@playwright/test'
import { fixtures, ownNetwork, signUpByApi, uniqueEmail } from './support'

export interface CorpusServer {
  origin: string
  stop(): void
}

/** Starts the corpus server (Bun, for HTMLRewriter) on a free port. */
export async function startCorpusServer(): Promise<CorpusServer> {
  const child: ChildProcess = spawn('bun', [join(import.meta.dirname, 'corpus-server.ts')], {
    // Journeys serve the repository's fixtures/ only, whatever corpus a bench run pointed the shell at.
    env: { ...process.env, PORT: '0', PINPOINT_CORPUS_DIR: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.on('exit', (code) => reject(new Error(`corpus server exited with ${code}`)))
  })
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}

export interface WebsiteCanvas {
  id: string
  subdomain: string
  /** Proxy address of the site's root, without a trailing slash (append a path). */
  proxyBase: string
}

/** Creates a website canvas on `siteUrl` for the signed-in context and returns its proxy base. */
export async function createWebsiteCanvas(
  request: APIRequestContext,
  siteUrl: string,
  title = 'Corpus site',
): Promise<WebsiteCanvas> {
  const created = await request.post('/api/v1/canvases', {
    data: { type: 'website', title, localUrl: siteUrl },
  })
  expect(created.status(), await created.text()).toBeLessThan(300)
  const { canvas } = (await created.json()) as { canvas: { id: string; subdomain: string } }
  const proxy = await request.get(`/api/v1/canvases/${canvas.id}/proxy-url`)
  expect(proxy.status(), await proxy.text()).toBe(200)
  const { base } = (await proxy.json()) as { base: string }
  return { id: canvas.id, subdomain: canvas.subdomain, proxyBase: base }
}

/** A member with a team (team plan trial), signed in on `request`. */
export async function signUpMember(request: APIRequestContext, name = 'Ada Lovelace') {
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'member')
  const { user } = await signUpByApi(request, { email, name, teamName: `${name}'s studio` })
  return { user, email, name }
}

/**
 * Signs `request` (a browser context's request, sharing its cookies) in with e-mail and password. Like the
 * sign-ups, each login comes from a network of its own: the journeys log in far more often than the 30
 * logins per address in 15 minutes a real office would (rate-limit LIMITS.loginIp).
 */
export async function logIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/sessions', {
    headers: ownNetwork(),
    data: { email, password },
  })
  expect(response.status(), await response.text()).toBeLessThan(300)
}

export interface CreatedCanvas {
  id: string
  subdomain: string
}

export async function createCanvas(
  request: APIRequestContext,
  data: { type: string; title: string; localUrl?: string },
): Promise<CreatedCanvas> {
  const response = await request.post('/api/v1/canvases', { data })
  expect(response.status(), await response.text()).toBeLessThan(300)
  const { canvas } = (await response.json()) as { canvas: CreatedCanvas }
  return canvas
}

/** The seeded team owner, signed in on a desktop-sized context, with a website canvas of the clean blog. */
export async function ownerWithBlog(browser: Browser, corpus: CorpusServer, title: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } })
  const { betaOwner } = fixtures()
  await logIn(context.request, betaOwner.email, betaOwner.password)
  const canvas = await createCanvas(context.request, {
    type: 'website',
    title,
    localUrl: `${corpus.origin}/websites/startbootstrap-clean-blog-1.0.2/index.html`,
  })
  return { context, canvas }
}

/** Uploads a design, PDF or e-mail file to a canvas (POST /canvas-assets, multipart). */
export async function uploadAsset(
  request: APIRequestContext,
  canvasId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  revisionId?: string,
) {
  const response = await request.post('/api/v1/canvas-assets', {
    multipart: { id: canvasId, canvasAssetFile: file, ...(revisionId ? { revisionId } : {}) },
  })
  expect(response.status(), await response.text()).toBeLessThan(300)
}

/** Uploads a video the way the product does: the signature call, then tus (create + one PATCH). */
export async function uploadVideo(
  request: APIRequestContext,
  canvasId: string,
  data: Buffer,
  name: string,
  revisionId?: string,
) {
  const created = await request.post('/api/v1/canvas-video-assets', {
    data: { id: canvasId, fileSizeInBytes: data.length, name, ...(revisionId ? { revisionId } : {}) },
  })
  expect(created.status(), await created.text()).toBeLessThan(300)
  const { uploadableVideoDetails: details } = (await created.json()) as {
    uploadableVideoDetails: {
      signature: string
      expiration: number
      guid: string
      videoLibraryId: string
      endpoint: string
    }
  }
  const headers = {
    'Tus-Resumable': '1.0.0',
    AuthorizationSignature: details.signature,
    AuthorizationExpire: String(details.expiration),
    VideoId: details.guid,
    LibraryId: details.videoLibraryId,
  }
  const start = await request.post(new URL(details.endpoint).pathname, {
    headers: { ...headers, 'Upload-Length': String(data.length) },
  })
  expect(start.status(), await start.text()).toBe(201)
  const location = start.headers().location ?? ''
  const patch = await request.fetch(new URL(location, 'http://localhost').pathname, {
    method: 'PATCH',
    headers: { ...headers, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
    data,
  })
  expect(patch.status(), await patch.text()).toBe(204)
}
