import { FunctionsHttpError } from '@supabase/supabase-js';
import { serverMessage } from '@/lib/serverMessage';

/**
 * An edge function's refusal, from its body (`{ error, code? }`, as `handle()` writes it); any
 * other failure (the network, the gateway) says it itself. Nulls where there is nothing to say, so
 * the screen shows its own words.
 */
export async function functionRefusal(
  error: unknown,
): Promise<{ message: string | null; code: string | null }> {
  if (error instanceof FunctionsHttpError) {
    try {
      const body = (await (error.context as Response).json()) as {
        error?: unknown;
        code?: unknown;
      };
      return {
        message: typeof body.error === 'string' ? body.error : null,
        code: typeof body.code === 'string' ? body.code : null,
      };
    } catch {
      return { message: null, code: null };
    }
  }
  return { message: serverMessage(error), code: null };
}
