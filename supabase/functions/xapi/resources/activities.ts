/** The Activities Resource (xAPI-Communication 2.5): an activity as the LRS knows it. */
import type { LrsCredential } from '../credentials.ts';
import { databaseError, lrsDatabase } from '../database.ts';
import { type Answer, XapiError } from '../http.ts';
import { allowOnly, iriParameter } from '../parameters.ts';
import type { XapiRequest } from '../request.ts';
import { withEtag } from './etag.ts';

export async function activities(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new XapiError(405, 'The activities resource answers GET and HEAD only.', {
      Allow: 'GET, HEAD',
    });
  }
  allowOnly(request.params, ['activityId']);
  const activityId = iriParameter(request.params, 'activityId');
  if (!activityId) throw new XapiError(400, 'The activityId parameter is required.');
  const { data, error } = await lrsDatabase().rpc('lrs_activity', {
    client_id: credential.clientId,
    activity_id: activityId,
  });
  if (error) throw databaseError(error);
  return withEtag({ status: 200, body: data });
}
