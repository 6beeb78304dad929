/**
 * The server's words for a refusal (a database function's exception, a PostgREST or GoTrue error),
 * which the backend writes for the person using the page; null when it gave none, so the screen
 * shows its own.
 */
export function serverMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  return typeof error.message === 'string' && error.message !== '' ? error.message : null;
}
