/**
 * A tiny structured logger: one line per entry, human-readable in a terminal, with key=value
 * fields that grep and log shippers both understand. Tests pass a silent logger.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>

export interface Logger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

function format(level: string, message: string, fields?: LogFields): string {
  const parts = [new Date().toISOString(), level, message]
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === undefined) continue
    const text = String(value)
    parts.push(`${key}=${/[\s"]/.test(text) ? JSON.stringify(text) : text}`)
  }
  return parts.join(' ')
}

export function createLogger(write: (line: string) => void = (line) => console.log(line)): Logger {
  return {
    info: (message, fields) => write(format('INFO', message, fields)),
    warn: (message, fields) => write(format('WARN', message, fields)),
    error: (message, fields) => write(format('ERROR', message, fields)),
  }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
