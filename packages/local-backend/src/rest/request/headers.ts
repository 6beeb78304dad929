import type { ApiRequest } from '../../http/types';

/** A request header's value, several of the same name joined as HTTP joins them. */
export const headerValue = (request: ApiRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};
