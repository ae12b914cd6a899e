/** What is wrong with a new password and its repetition, as the forms show it while typing. */
export function newPasswordCheck(password: string, repeat: string, minLength: number) {
  const tooShort = password.length > 0 && password.length < minLength
  const mismatch = repeat.length > 0 && repeat !== password
  return {
    tooShort,
    mismatch,
    /** The pair may be sent: long enough, and repeated exactly. */
    ready: password.length >= minLength && repeat === password,
  }
}
