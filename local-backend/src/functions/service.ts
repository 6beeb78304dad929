import { HttpError, type ServiceDeps, type ServiceHandler } from '../http/types';

export interface FunctionsService {
  handler: ServiceHandler;
  close(): Promise<void>;
}

/** /functions/v1/<name>: supabase/functions/<name> under the Deno runtime. */
export async function createFunctionsService(
  _deps: ServiceDeps & { mailboxUrl: string },
): Promise<FunctionsService> {
  return {
    handler: async () => {
      throw new HttpError(501, { message: 'functions are not implemented yet' });
    },
    close: async () => undefined,
  };
}
