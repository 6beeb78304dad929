import { HttpError, type ServiceDeps, type ServiceHandler } from '../http/types';

/** /auth/v1: the GoTrue endpoints supabase-js calls. */
export function createAuthService(_deps: ServiceDeps): ServiceHandler {
  return async () => {
    throw new HttpError(501, { message: 'auth is not implemented yet' });
  };
}
