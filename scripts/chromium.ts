/**
 * Browser tests use Debian's Chromium (never a browser download). On a machine where we are
 * root with apt-get, a missing Chromium is installed; elsewhere the error says what to do.
 */
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return
  const isRoot = process.getuid?.() === 0
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    )
  }
  console.log('[pinpoint] installing Chromium with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const cmd of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'chromium'],
  ]) {
    const code = await Bun.spawn(cmd, { stdout: 'inherit', stderr: 'inherit', env }).exited
    if (code !== 0) throw new Error(`${cmd.join(' ')} failed with ${code}`)
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium still missing at ${CHROMIUM_PATH} after apt-get`)
}
