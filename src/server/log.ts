// What the server writes to its log about a failure: enough to find the bug, nothing a visitor
// entrusted to us. The store client's errors quote the whole command ("…, command was: [...]"),
// which holds password hashes, emails and message texts; mail errors may quote an address.

const COMMAND_QUOTE = /, command was: .*$/gm;
const EMAIL_ADDRESS = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z]{2,}/g;

/** Removes quoted store commands and email addresses from a log line. */
export function redact(text: string): string {
  return text.replace(COMMAND_QUOTE, ', command not logged').replace(EMAIL_ADDRESS, '[email]');
}

/** Describes an error for the log: its stack (or message) and its cause's code, redacted. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return redact(String(error));
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return (
    redact(error.stack ?? `${error.name}: ${error.message}`) + (typeof code === 'string' ? ` (cause: ${code})` : '')
  );
}
