declare module '*.css'
/** Share key -> the version the shell provides (defined at build time by the rspack preset). */
declare const __PINPOINT_SHARED__: Record<string, string>
