// The xAPI 1.0.3 Learning Record Store (docs/learning-records.md): every resource of
// xAPI-Communication 2.1 to 2.8.
import { fetchLaunchToken, fetchPrefix } from './cmi5/fetch.ts';
import { authenticate, type LrsCredential } from './credentials.ts';
import { corsHeaders } from './cors.ts';
import { type Answer, failure, respond, XapiError, xapiVersion } from './http.ts';
import { readXapiRequest, type XapiRequest } from './request.ts';
import { about } from './resources/about.ts';
import { activities } from './resources/activities.ts';
import { activityProfiles } from './resources/activityProfile.ts';
import { agentProfiles } from './resources/agentProfile.ts';
import { agents } from './resources/agents.ts';
import { stateDocuments } from './resources/state.ts';
import { statements } from './resources/statements.ts';
import { requireVersionHeader } from './version.ts';

const resources: Record<
  string,
  (request: XapiRequest, credential: LrsCredential) => Promise<Answer>
> = {
  statements,
  'activities/state': stateDocuments,
  'activities/profile': activityProfiles,
  'agents/profile': agentProfiles,
  activities,
  agents,
};

async function answer(request: XapiRequest): Promise<Answer> {
  if (request.resource === 'about') return about(request);
  // cmi5's fetch URL lives under the LRS's base but is not an xAPI resource: no version header.
  if (request.resource.startsWith(fetchPrefix)) return fetchLaunchToken(request);
  // Before the resource is looked up: a request without the version header is a 400 on every
  // resource but about, built or not (xAPI-Communication 2.8).
  requireVersionHeader(request.header('X-Experience-API-Version'));
  const resource = Object.hasOwn(resources, request.resource)
    ? resources[request.resource]
    : undefined;
  if (!resource) {
    throw new XapiError(404, `No resource ${request.resource || '(none)'} in this LRS.`);
  }
  const credential = await authenticate(request.header('Authorization'));
  return resource(request, credential);
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
