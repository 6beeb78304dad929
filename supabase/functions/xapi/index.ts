// The xAPI 1.0.3 Learning Record Store (docs/learning-records.md). This slice answers `statements`
// and `about`; the other resources answer 404 until they are built.
import { authenticate } from './credentials.ts';
import { corsHeaders } from './cors.ts';
import { type Answer, failure, respond, XapiError, xapiVersion } from './http.ts';
import { readXapiRequest, type XapiRequest } from './request.ts';
import { about } from './resources/about.ts';
import { statements } from './resources/statements.ts';
import { requireVersionHeader } from './version.ts';

async function answer(request: XapiRequest): Promise<Answer> {
  if (request.resource === 'about') return about(request);
  // Before the resource is looked up: a request without the version header is a 400 on every
  // resource but about, built or not (xAPI-Communication 2.8).
  requireVersionHeader(request.header('X-Experience-API-Version'));
  if (request.resource !== 'statements') {
    throw new XapiError(404, `No resource ${request.resource || '(none)'} in this LRS.`);
  }
  const credential = await authenticate(request.header('Authorization'));
  return statements(request, credential);
}

/** Every answer of the Statement Resource carries Consistent-Through, errors included. */
function withConsistentThrough(request: XapiRequest | undefined, response: Response): Response {
  if (
    request?.resource === 'statements' &&
    !response.headers.has('X-Experience-API-Consistent-Through')
  ) {
    response.headers.set('X-Experience-API-Consistent-Through', new Date().toISOString());
  }
  return response;
}

Deno.serve(async (incoming) => {
  if (incoming.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: { ...corsHeaders(incoming), 'X-Experience-API-Version': xapiVersion },
    });
  }
  let request: XapiRequest | undefined;
  try {
    request = await readXapiRequest(incoming);
    return withConsistentThrough(request, respond(incoming, await answer(request), request.method));
  } catch (error) {
    return withConsistentThrough(request, failure(incoming, error, request?.method));
  }
});
