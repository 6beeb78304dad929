/** The Statement Resource (xAPI-Communication 2.1): PUT, POST, GET and HEAD. */
import type { LrsCredential } from '../credentials.ts';
import { databaseError, lrsDatabase } from '../database.ts';
import { type Answer, XapiError } from '../http.ts';
import {
  agentParameter,
  allowOnly,
  booleanParameter,
  choiceParameter,
  countParameter,
  iriParameter,
  timestampParameter,
  uuidParameter,
} from '../parameters.ts';
import type { XapiRequest } from '../request.ts';
import { formatStatement, type StatementFormat } from '../statement/format.ts';
import { buildMultipart, boundaryOf, parseMultipart } from '../multipart.ts';
import { type AttachmentData, attachmentData, checkAttachments } from '../statement/attachments.ts';
import { checkSignatures } from '../statement/signature.ts';
import { decodeBase64 } from '../statement/base64.ts';
import { languagePreferences } from '../statement/language.ts';
import { withContextActivityArrays, withId } from '../statement/normalise.ts';
import { type StatementJson, validStatement } from '../statement/validate.ts';
import { nestingDepth } from '../statement/depth.ts';

const listParameters = [
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
  'more',
] as const;
const singleParameters = ['statementId', 'voidedStatementId', 'format', 'attachments'];
const formats: readonly StatementFormat[] = ['ids', 'exact', 'canonical'];

function nowHeader(): Record<string, string> {
  return { 'X-Experience-API-Consistent-Through': new Date().toISOString() };
}

interface StatementsBody {
  body: unknown;
  attachments: AttachmentData[];
}

// Far deeper than any statement needs (a sub-statement's extensions included), and shallow enough
// that checking and storing what is nested cannot exhaust a stack.
const maxNesting = 64;

function parsedJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new XapiError(400, 'The statements are not valid JSON.');
  }
  if (nestingDepth(parsed) > maxNesting) {
    throw new XapiError(400, `The statements nest more than ${maxNesting} levels deep.`);
  }
  return parsed;
}

/** application/json, or multipart/mixed with the statements first and attachment data after. */
function statementsBody(request: XapiRequest): StatementsBody {
  const contentType = request.header('Content-Type') ?? '';
  if (contentType.toLowerCase().startsWith('multipart/mixed')) {
    const [first, ...rest] = parseMultipart(request.bytes, boundaryOf(contentType));
    if (
      !first ||
      !(first.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')
    ) {
      throw new XapiError(
        400,
        'The first part of a multipart/mixed request must be application/json.',
      );
    }
    return {
      body: parsedJson(new TextDecoder().decode(first.body)),
      attachments: attachmentData(rest),
    };
  }
  if (!contentType.toLowerCase().startsWith('application/json')) {
    throw new XapiError(400, 'Send statements as application/json or multipart/mixed.');
  }
  return { body: parsedJson(request.text()), attachments: [] };
}

function accepted(candidate: unknown, index?: number): StatementJson {
  return withId(validStatement(withContextActivityArrays(candidate), index));
}

async function store(
  credential: LrsCredential,
  statements: StatementJson[],
  attachments: AttachmentData[],
): Promise<string[]> {
  checkAttachments(statements, attachments);
  await checkSignatures(statements, attachments);
  const { data, error } = await lrsDatabase().rpc('lrs_store_statements', {
    client_id: credential.clientId,
    authority: credential.authority,
    statements,
    attachments,
  });
  if (error) throw databaseError(error);
  return data as string[];
}

async function put(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  allowOnly(request.params, ['statementId']);
  const statementId = uuidParameter(request.params, 'statementId');
  if (!statementId) throw new XapiError(400, 'PUT needs the statementId parameter.');
  const { body, attachments } = statementsBody(request);
  if (Array.isArray(body)) throw new XapiError(400, 'PUT takes one statement; POST takes many.');
  const given = (body as StatementJson | null)?.id;
  if (given !== undefined && (typeof given !== 'string' || given.toLowerCase() !== statementId)) {
    throw new XapiError(400, 'The statement id differs from the statementId parameter.');
  }
  const statement = accepted({ ...(body as StatementJson), id: statementId });
  await store(credential, [statement], attachments);
  return { status: 204, headers: nowHeader() };
}

async function post(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  allowOnly(request.params, []);
  const { body, attachments } = statementsBody(request);
  const batch = Array.isArray(body) ? body : [body];
  if (batch.length === 0) throw new XapiError(400, 'Send at least one statement.');
  const statements = batch.map((candidate, index) =>
    accepted(candidate, Array.isArray(body) ? index : undefined),
  );
  return {
    status: 200,
    body: await store(credential, statements, attachments),
    headers: nowHeader(),
  };
}

interface ReadAnswer {
  statement?: StatementJson | null;
  statements?: StatementJson[];
  more?: string | null;
  consistent_through: string;
  attachments?: AttachmentData[];
}

async function read(
  credential: LrsCredential,
  query: Record<string, unknown>,
): Promise<ReadAnswer> {
  const { data, error } = await lrsDatabase().rpc('lrs_statements', {
    client_id: credential.clientId,
    query,
  });
  if (error) throw databaseError(error);
  return data as ReadAnswer;
}

/** A JSON answer as multipart/mixed: the JSON first, then the data of each attachment it names. */
function asMultipart(answer: Answer, attachments: AttachmentData[]): Answer {
  const { body, contentType } = buildMultipart([
    {
      headers: new Map([['Content-Type', 'application/json']]),
      body: new TextEncoder().encode(JSON.stringify(answer.body)),
    },
    ...attachments.map((attachment) => ({
      headers: new Map([
        ['Content-Type', attachment.contentType],
        ['Content-Transfer-Encoding', 'binary'],
        ['X-Experience-API-Hash', attachment.sha2],
      ]),
      body: decodeBase64(attachment.content),
    })),
  ]);
  return {
    ...answer,
    body: undefined,
    raw: body,
    headers: { ...answer.headers, 'Content-Type': contentType },
  };
}

async function get(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  const { params } = request;
  const format = choiceParameter(params, 'format', formats) ?? 'exact';
  const attachments = booleanParameter(params, 'attachments') ?? false;
  const languages = languagePreferences(request.header('Accept-Language'));
  const statementId = uuidParameter(params, 'statementId');
  const voidedStatementId = uuidParameter(params, 'voidedStatementId');
  let answer: Answer;
  let found: ReadAnswer | undefined;

  if (statementId || voidedStatementId) {
    if (statementId && voidedStatementId) {
      throw new XapiError(400, 'Use statementId or voidedStatementId, not both.');
    }
    for (const name of params.keys()) {
      if (!singleParameters.includes(name)) {
        throw new XapiError(400, `${name} cannot be used with statementId or voidedStatementId.`);
      }
    }
    found = await read(credential, {
      ...(statementId ? { statementId } : { voidedStatementId }),
      attachments,
    });
    if (!found.statement) throw new XapiError(404, 'No such statement.');
    const stored = Date.parse(String(found.statement.stored));
    answer = {
      status: 200,
      body: formatStatement(found.statement, format, languages),
      headers: {
        'X-Experience-API-Consistent-Through': found.consistent_through,
        ...(Number.isNaN(stored) ? {} : { 'Last-Modified': new Date(stored).toUTCString() }),
      },
    };
  } else {
    allowOnly(params, listParameters);
    const query = {
      agent: agentParameter(params, 'agent'),
      verb: iriParameter(params, 'verb'),
      activity: iriParameter(params, 'activity'),
      registration: uuidParameter(params, 'registration'),
      related_activities: booleanParameter(params, 'related_activities'),
      related_agents: booleanParameter(params, 'related_agents'),
      since: timestampParameter(params, 'since'),
      until: timestampParameter(params, 'until'),
      limit: countParameter(params, 'limit'),
      ascending: booleanParameter(params, 'ascending'),
      more: params.get('more') ?? undefined,
      attachments,
    };
    // JSON leaves out the undefined, so the database sees only the parameters given.
    found = await read(credential, JSON.parse(JSON.stringify(query)));
    let more = '';
    if (found.more) {
      const next = new URLSearchParams(params);
      next.set('more', found.more);
      more = `${request.basePath}/statements?${next.toString()}`;
    }
    answer = {
      status: 200,
      body: {
        statements: (found.statements ?? []).map((statement) =>
          formatStatement(statement, format, languages),
        ),
        more,
      },
      headers: { 'X-Experience-API-Consistent-Through': found.consistent_through },
    };
  }
  return attachments ? asMultipart(answer, found?.attachments ?? []) : answer;
}

export function statements(request: XapiRequest, credential: LrsCredential): Promise<Answer> {
  switch (request.method) {
    case 'PUT':
      return put(request, credential);
    case 'POST':
      return post(request, credential);
    case 'GET':
    case 'HEAD':
      return get(request, credential);
    default:
      throw new XapiError(405, `The statements resource does not answer ${request.method}.`, {
        Allow: 'GET, HEAD, PUT, POST',
      });
  }
}
