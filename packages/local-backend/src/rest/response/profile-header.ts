import type { ApiResponse } from '../../http/types';
import type { RestRequest } from '../request/api-request';

/** PostgREST names the schema beside the media type when the request chose it by profile. */
export function withProfileHeader(request: RestRequest, response: ApiResponse): ApiResponse {
  if (!request.schemaByProfile || response.headers?.['Content-Type'] === undefined) return response;
  return { ...response, headers: { ...response.headers, 'Content-Profile': request.schema } };
}
