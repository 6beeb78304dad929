/**
 * Lists read from the server a page at a time (the admin pages): the page shape, the search
 * pattern, the row range and cancellation, shared by every feature that pages through a table.
 */

export interface Page<Row> {
  rows: Row[];
  /** Rows matching the search and filters, over all pages. */
  total: number;
}

export function toPage<Row>(data: Row[] | null, count: number | null): Page<Row> {
  return { rows: data ?? [], total: count ?? 0 };
}

/**
 * The ILIKE pattern for a search. Characters that carry meaning in a PostgREST `or` filter (commas,
 * parentheses, quotes, backslashes) or in a LIKE pattern (%, _, *) become spaces.
 */
export function searchPattern(search: string): string | null {
  const cleaned = search.replace(/[%_,()*\\"]/g, ' ').trim();
  return cleaned ? `%${cleaned}%` : null;
}

/** The inclusive row range of zero-based page `page`. */
export function pageRange(page: number, pageSize: number): [number, number] {
  return [page * pageSize, page * pageSize + pageSize - 1];
}

/** The request, cancelled through `signal` when there is one (the bench script reads without). */
export function abortable<Request extends { abortSignal(signal: AbortSignal): Request }>(
  request: Request,
  signal: AbortSignal | undefined,
): Request {
  return signal ? request.abortSignal(signal) : request;
}
