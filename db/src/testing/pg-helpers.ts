/** Small pieces the test-database code shares: the server URL, names, error codes and retries. */

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** The URL tests connect to: TEST_DATABASE_URL, or the local default. */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL
}

/** Errors meaning "no server there" (as opposed to "server says no", which is a configuration error). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'ENOENT',
])

export function isUnreachable(error: unknown): boolean {
  return UNREACHABLE_CODES.has(errorCode(error) ?? '')
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error ? ` (${String(error.code)})` : ''
    return `${error.message}${code}`
  }
  return String(error)
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

/** CREATE/ALTER DATABASE fail with 55006 while a just-closed backend is still attached: wait a little. */
export async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (errorCode(error) !== '55006' || attempt >= 50) throw error
      await Bun.sleep(100)
    }
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(invalid URL)'
  }
}

export function ident(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`)
  return `"${name}"`
}

export function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, '0')
}

export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM'
  }
}
