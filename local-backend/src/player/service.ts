import { HttpError, type ServiceHandler } from '../http/types';

/** /player/<code>/: a sample 360 player, the local stand-in for the external player host. */
export function createPlayerService(): ServiceHandler {
  return async () => {
    throw new HttpError(501, { message: 'the sample player is not implemented yet' });
  };
}
