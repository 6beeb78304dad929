import type { ApiRequest } from '../../http/types';
import { parseRangeHeader } from '../request/range';
import type { ReadPlan } from './read-plan';

/** Range header and offset/limit parameters together: the narrower window wins. */
export function applyRange(plan: ReadPlan, request: ApiRequest): void {
  const range = parseRangeHeader(request);
  if (!range) return;
  const offset = Math.max(range.offset, plan.offset ?? 0);
  const ends = [
    range.limit === undefined ? Infinity : range.offset + range.limit,
    plan.limit === undefined ? Infinity : (plan.offset ?? 0) + plan.limit,
  ];
  const end = Math.min(...ends);
  plan.offset = offset;
  if (Number.isFinite(end)) plan.limit = Math.max(0, end - offset);
}
