/** The Agent Profile Resource (xAPI-Communication 2.6): documents about an agent. */
import type { LrsCredential } from '../credentials.ts';
import type { Answer } from '../http.ts';
import type { XapiRequest } from '../request.ts';
import { type DocumentResource, documents } from './documents.ts';

const agentProfile: DocumentResource = {
  kind: 'agent_profile',
  idParameter: 'profileId',
  usesActivity: false,
  usesAgent: true,
  usesRegistration: false,
};

export function agentProfiles(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  return documents(agentProfile, request, credential);
}
