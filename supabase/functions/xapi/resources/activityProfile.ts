/** The Activity Profile Resource (xAPI-Communication 2.7): documents about an activity. */
import type { LrsCredential } from '../credentials.ts';
import type { Answer } from '../http.ts';
import type { XapiRequest } from '../request.ts';
import { type DocumentResource, documents } from './documents.ts';

const activityProfile: DocumentResource = {
  kind: 'activity_profile',
  idParameter: 'profileId',
  usesActivity: true,
  usesAgent: false,
  usesRegistration: false,
};

export function activityProfiles(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  return documents(activityProfile, request, credential);
}
