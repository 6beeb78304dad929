import type { ApiResponse } from '../../http/types';
import { singularityError } from '../errors';
import type { ReadPlan } from '../plan/read-plan';
import type { ReadRow } from '../query/result';
import type { RestRequest } from '../request/api-request';
import type { ResponseFormat } from '../request/media-type';
import { jsonResponse } from './json';
import { pageRange } from './page-range';
import { preferenceHeaders, type RequestKind } from './preference-applied';

/** A page of rows: its status and Content-Range from the paging, its body as Postgres shaped it. */
export function pageResponse(
  request: RestRequest,
  plan: ReadPlan,
  row: ReadRow | undefined,
  format: ResponseFormat,
  kind: RequestKind,
): ApiResponse {
  const pageCount = Number(row?.page_count ?? 0);
  if (format.shape === 'object' && pageCount !== 1) throw singularityError(pageCount);
  const total = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
  const range = pageRange(plan.offset ?? 0, pageCount, total);
  const headers = {
    'Content-Range': range.contentRange,
    ...preferenceHeaders(request.preferences, kind),
  };
  if (request.method === 'HEAD') {
    return {
      status: range.status,
      headers: { 'Content-Type': format.contentType, ...headers },
      raw: '',
    };
  }
  return jsonResponse(range.status, row?.body ?? 'null', format.contentType, headers);
}
