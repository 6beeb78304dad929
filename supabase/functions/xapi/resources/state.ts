/** The State Resource (xAPI-Communication 2.3): documents of an activity, agent and registration. */
import type { LrsCredential } from '../credentials.ts';
import type { Answer } from '../http.ts';
import type { XapiRequest } from '../request.ts';
import { type DocumentResource, documents } from './documents.ts';

const state: DocumentResource = {
  kind: 'state',
  idParameter: 'stateId',
  usesActivity: true,
  usesAgent: true,
  usesRegistration: true,
};

export function stateDocuments(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  return documents(state, request, credential);
}
