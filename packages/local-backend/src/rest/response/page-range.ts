import { restError } from '../errors';

/**
 * PostgREST's `Content-Range` and status for a page of rows: `first-last/total`, `*` for an
 * unknown total or an empty page; 206 when a counted result is cut, 416 past the end.
 */
export function pageRange(
  offset: number,
  rows: number,
  total: number | undefined,
): { status: number; contentRange: string } {
  const last = offset + rows - 1;
  const range = total !== 0 && offset <= last ? `${offset}-${last}` : '*';
  const contentRange = `${range}/${total ?? '*'}`;
  if (total === undefined) return { status: 200, contentRange };
  if (offset > total) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'Content-Range': `*/${total}` },
    );
  }
  return { status: rows < total ? 206 : 200, contentRange };
}
