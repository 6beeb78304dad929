/**
 * The three Document Resources (xAPI-Communication 2.2, 2.3, 2.6, 2.7): state, activity profiles
 * and agent profiles share their methods, headers and concurrency rules and differ in the
 * parameters that name a document. The database checks the client's scope and the preconditions.
 */
import { encodeBase64, decodeBase64 } from '../statement/base64.ts';
import type { LrsCredential } from '../credentials.ts';
import { databaseError, lrsDatabase } from '../database.ts';
import { type Answer, XapiError } from '../http.ts';
import { allowOnly, iriParameter, timestampParameter, uuidParameter } from '../parameters.ts';
import type { XapiRequest } from '../request.ts';
import { lastModified, withEtag } from './etag.ts';
import { documentAgent } from './agentParameter.ts';

export interface DocumentResource {
  kind: 'state' | 'activity_profile' | 'agent_profile';
  /** The parameter that names one document. */
  idParameter: 'stateId' | 'profileId';
  usesActivity: boolean;
  usesAgent: boolean;
  usesRegistration: boolean;
}

interface DocumentTarget {
  kind: DocumentResource['kind'];
  activity_id: string | null;
  agent: Record<string, unknown> | null;
  registration: string | null;
  document_id: string | null;
}

interface StoredDocument {
  content: string;
  contentType: string;
  etag: string;
  updated: string;
}

const maxDocumentIdLength = 2048;

function target(resource: DocumentResource, params: URLSearchParams): DocumentTarget {
  const activityId = resource.usesActivity ? iriParameter(params, 'activityId') : undefined;
  if (resource.usesActivity && !activityId) {
    throw new XapiError(400, 'The activityId parameter is required.');
  }
  const agent = resource.usesAgent ? documentAgent(params, 'agent') : undefined;
  if (resource.usesAgent && !agent) throw new XapiError(400, 'The agent parameter is required.');
  const documentId = params.get(resource.idParameter);
  if (documentId !== null && (documentId === '' || documentId.length > maxDocumentIdLength)) {
    throw new XapiError(
      400,
      `${resource.idParameter} must be 1 to ${maxDocumentIdLength} characters.`,
    );
  }
  return {
    kind: resource.kind,
    activity_id: activityId ?? null,
    agent: agent ?? null,
    registration: (resource.usesRegistration && uuidParameter(params, 'registration')) || null,
    document_id: documentId,
  };
}

function allowedParameters(resource: DocumentResource, extra: string[]): string[] {
  return [
    ...(resource.usesActivity ? ['activityId'] : []),
    ...(resource.usesAgent ? ['agent'] : []),
    ...(resource.usesRegistration ? ['registration'] : []),
    resource.idParameter,
    ...extra,
  ];
}

function requireId(resource: DocumentResource, document: DocumentTarget): void {
  if (document.document_id === null) {
    throw new XapiError(400, `The ${resource.idParameter} parameter is required.`);
  }
}

/**
 * If-Match as a list of ETags without quotes (or `*`); If-None-Match, which a document request
 * may only use as `*` (xAPI-Communication 3.1).
 */
function preconditions(request: XapiRequest): {
  if_match: string[] | null;
  if_none_match: string | null;
} {
  const ifMatch = request.header('If-Match');
  const ifNoneMatch = request.header('If-None-Match')?.trim() ?? null;
  if (ifNoneMatch !== null && ifNoneMatch !== '*') {
    throw new XapiError(400, 'If-None-Match on a document must be *.');
  }
  if (ifMatch !== null && ifNoneMatch !== null) {
    throw new XapiError(400, 'Use If-Match or If-None-Match, not both.');
  }
  return {
    if_match:
      ifMatch === null
        ? null
        : ifMatch
            .split(',')
            .map((tag) =>
              tag
                .trim()
                .replace(/^W\//, '')
                .replace(/^"(.*)"$/, '$1')
                .toLowerCase(),
            )
            .filter((tag) => tag !== ''),
    if_none_match: ifNoneMatch,
  };
}

async function call<Result>(name: string, args: Record<string, unknown>): Promise<Result> {
  const { data, error } = await lrsDatabase().rpc(name, args);
  if (error) throw databaseError(error);
  return data as Result;
}

async function get(
  resource: DocumentResource,
  request: XapiRequest,
  credential: LrsCredential,
): Promise<Answer> {
  const { params } = request;
  const single = params.has(resource.idParameter);
  allowOnly(params, allowedParameters(resource, single ? [] : ['since']));
  const document = target(resource, params);
  if (single) {
    const found = await call<StoredDocument | null>('lrs_document', {
      client_id: credential.clientId,
      ...document,
    });
    if (!found) throw new XapiError(404, 'No such document.');
    return {
      status: 200,
      raw: decodeBase64(found.content) as Uint8Array<ArrayBuffer>,
      headers: {
        'Content-Type': found.contentType,
        ETag: `"${found.etag}"`,
        'Last-Modified': lastModified(found.updated),
      },
    };
  }
  const listed = await call<{ ids: string[]; updated: string | null }>('lrs_document_ids', {
    client_id: credential.clientId,
    kind: document.kind,
    activity_id: document.activity_id,
    agent: document.agent,
    registration: document.registration,
    since: timestampParameter(params, 'since') ?? null,
  });
  return withEtag({
    status: 200,
    body: listed.ids,
    headers: listed.updated ? { 'Last-Modified': lastModified(listed.updated) } : {},
  });
}

async function write(
  resource: DocumentResource,
  request: XapiRequest,
  credential: LrsCredential,
  functionName: 'lrs_put_document' | 'lrs_post_document',
): Promise<Answer> {
  allowOnly(request.params, allowedParameters(resource, []));
  const document = target(resource, request.params);
  requireId(resource, document);
  const etag = await call<string>(functionName, {
    client_id: credential.clientId,
    ...document,
    content: encodeBase64(request.bytes),
    content_type: request.header('Content-Type')?.trim() || 'application/octet-stream',
    ...preconditions(request),
  });
  return { status: 204, headers: { ETag: `"${etag}"` } };
}

async function remove(
  resource: DocumentResource,
  request: XapiRequest,
  credential: LrsCredential,
): Promise<Answer> {
  allowOnly(request.params, allowedParameters(resource, []));
  const document = target(resource, request.params);
  if (document.document_id === null) {
    if (resource.kind !== 'state') {
      throw new XapiError(400, `The ${resource.idParameter} parameter is required.`);
    }
    await call('lrs_delete_state', {
      client_id: credential.clientId,
      activity_id: document.activity_id,
      agent: document.agent,
      registration: document.registration,
    });
    return { status: 204 };
  }
  const { if_match } = preconditions(request);
  await call('lrs_delete_document', { client_id: credential.clientId, ...document, if_match });
  return { status: 204 };
}

export function documents(
  resource: DocumentResource,
  request: XapiRequest,
  credential: LrsCredential,
): Promise<Answer> {
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return get(resource, request, credential);
    case 'PUT':
      return write(resource, request, credential, 'lrs_put_document');
    case 'POST':
      return write(resource, request, credential, 'lrs_post_document');
    case 'DELETE':
      return remove(resource, request, credential);
    default:
      throw new XapiError(405, `A document resource does not answer ${request.method}.`, {
        Allow: 'GET, HEAD, PUT, POST, DELETE',
      });
  }
}
