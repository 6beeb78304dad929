import { HttpError, type ServiceDeps, type ServiceHandler } from '../http/types';

export interface RestService {
  handler: ServiceHandler;
  /** Re-reads tables, columns, relationships and functions (after migrations). */
  reloadSchema(): Promise<void>;
  close(): Promise<void>;
}

/** /rest/v1: the PostgREST subset supabase-js produces. */
export async function createRestService(_deps: ServiceDeps): Promise<RestService> {
  return {
    handler: async () => {
      throw new HttpError(501, { message: 'rest is not implemented yet' });
    },
    reloadSchema: async () => undefined,
    close: async () => undefined,
  };
}
