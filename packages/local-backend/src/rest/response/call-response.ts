import type { ApiResponse } from '../../http/types';
import type { CallAction } from '../plan/call';
import type { StatementResult } from '../query/result';
import type { RestRequest } from '../request/api-request';
import type { ResponseFormat } from '../request/media-type';
import { countsRows } from '../request/preferences';
import { jsonResponse } from './json';
import { pageRange } from './page-range';
import { preferenceHeaders } from './preference-applied';
import { pageResponse } from './read-response';
import { applyResponseSettings } from './response-settings';

const plainJson = 'application/json; charset=utf-8';

export function callResponse(
  request: RestRequest,
  action: CallAction,
  result: StatementResult,
): ApiResponse {
  return applyResponseSettings(shapeResult(request, action, result), result.settings);
}

function shapeResult(request: RestRequest, action: CallAction, result: StatementResult) {
  const { returns, format } = action;
  const { row } = result;
  const applied = preferenceHeaders(request.preferences, 'rpc');
  if (returns.kind === 'rows') {
    const rowFormat: ResponseFormat = returns.set
      ? format
      : { ...format, shape: 'object', contentType: plainJson };
    if (!returns.set && format.shape !== 'object' && Number(row?.page_count ?? 0) !== 1) {
      return jsonResponse(200, 'null', rowFormat.contentType, applied);
    }
    return pageResponse(request, returns.plan, row, rowFormat, 'rpc');
  }
  if (returns.kind === 'void') return { status: 204, headers: applied, raw: '' };
  let response: ApiResponse;
  if (returns.kind === 'scalar') {
    const total = countsRows(request.preferences) ? '1' : '*';
    response = jsonResponse(200, row?.body ?? 'null', plainJson, {
      'Content-Range': `0-0/${total}`,
      ...applied,
    });
  } else {
    const pageCount = Number(row?.page_count ?? 0);
    const counted = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
    const range = pageRange(returns.offset, pageCount, counted);
    response = jsonResponse(range.status, row?.body ?? '[]', format.contentType, {
      'Content-Range': range.contentRange,
      ...applied,
    });
  }
  if (request.method === 'HEAD') response.raw = '';
  return response;
}
