import { serverMessage } from './serverMessage';
import { toast } from './toast';

/**
 * The destructive toast for a write that failed: the server's words when it refused (its messages
 * are written for the person using the page), else the screen's own description.
 */
export function toastWriteFailure(
  error: unknown,
  failure: { title: string; description: string },
): void {
  toast.error(failure.title, serverMessage(error) ?? failure.description);
}
