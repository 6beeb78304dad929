import type { ApiResponse } from '../../http/types';
import { singularityError } from '../errors';
import type { MutationAction, UpdateAction } from '../plan/mutation';
import type { StatementResult } from '../query/result';
import type { RestRequest } from '../request/api-request';
import { countsRows } from '../request/preferences';
import { jsonResponse } from './json';
import { preferenceHeaders } from './preference-applied';
import { applyResponseSettings } from './response-settings';

/** An upsert read back whose rows all existed answers 200, as nothing was created. */
function createdNothing(action: MutationAction, result: StatementResult): boolean {
  if (action.kind !== 'insert' || !action.onConflict || !action.representation) return false;
  const inserted = Number(result.row?.inserted ?? 1);
  return inserted === 0 && Number(result.row?.affected ?? 0) > 0;
}

function statusOf(action: MutationAction, result: StatementResult): number {
  if (action.kind === 'insert') return createdNothing(action, result) ? 200 : 201;
  return action.representation ? 200 : 204;
}

function contentRange(action: MutationAction, affected: number, total: string): string {
  if (action.kind !== 'update') return `*/${total}`;
  return `${affected > 0 ? `0-${affected - 1}` : '*'}/${total}`;
}

export function writeResponse(
  request: RestRequest,
  action: MutationAction,
  result: StatementResult,
): ApiResponse {
  const { format } = action;
  const affected = Number(result.row?.affected ?? 0);
  if (format.shape === 'object' && affected !== 1) throw singularityError(affected);
  const total = countsRows(request.preferences) ? String(affected) : '*';
  const resolves = action.kind === 'insert' ? action.resolves : undefined;
  const headers = {
    'Content-Range': contentRange(action, affected, total),
    ...preferenceHeaders(request.preferences, action.kind, { resolves }),
  };
  const status = statusOf(action, result);
  const response = action.representation
    ? jsonResponse(status, result.row?.body ?? '[]', format.contentType, headers)
    : { status, headers, raw: '' };
  if (request.method === 'HEAD') response.raw = '';
  return applyResponseSettings(response, result.settings);
}

/** An update with nothing to set: PostgREST answers without touching any row. */
export function unchangedResponse(action: UpdateAction): ApiResponse {
  if (action.format.shape === 'object') throw singularityError(0);
  return action.representation
    ? jsonResponse(200, '[]', action.format.contentType, { 'Content-Range': '*/*' })
    : { status: 204, headers: { 'Content-Range': '*/*' }, raw: '' };
}
