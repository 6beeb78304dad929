/** The About resource (xAPI-Communication 2.8): open to anyone, whatever their version header. */
import { type Answer, XapiError, xapiVersion } from '../http.ts';
import type { XapiRequest } from '../request.ts';

export function about(request: XapiRequest): Answer {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new XapiError(405, 'The about resource answers GET and HEAD only.', {
      Allow: 'GET, HEAD',
    });
  }
  return { status: 200, body: { version: [xapiVersion] } };
}
