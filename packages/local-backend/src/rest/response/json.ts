import type { ApiResponse } from '../../http/types';

/** A JSON body with its media type; a null body answers none. */
export function jsonResponse(
  status: number,
  body: string | null,
  contentType: string,
  headers: Record<string, string> = {},
): ApiResponse {
  if (body === null) return { status, headers, raw: '' };
  return { status, headers: { 'Content-Type': contentType, ...headers }, raw: body };
}
