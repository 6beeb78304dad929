/** The Agents Resource (xAPI-Communication 2.4): the Person object for an agent. */
import type { LrsCredential } from '../credentials.ts';
import { databaseError, lrsDatabase } from '../database.ts';
import { type Answer, XapiError } from '../http.ts';
import { allowOnly } from '../parameters.ts';
import type { XapiRequest } from '../request.ts';
import { documentAgent } from './agentParameter.ts';
import { withEtag } from './etag.ts';

export async function agents(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new XapiError(405, 'The agents resource answers GET and HEAD only.', {
      Allow: 'GET, HEAD',
    });
  }
  allowOnly(request.params, ['agent']);
  const agent = documentAgent(request.params, 'agent');
  if (!agent) throw new XapiError(400, 'The agent parameter is required.');
  const { data, error } = await lrsDatabase().rpc('lrs_person', {
    client_id: credential.clientId,
    agent,
  });
  if (error) throw databaseError(error);
  return withEtag({ status: 200, body: data });
}
