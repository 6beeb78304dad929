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

/** What a supabase-js read answers for a page: its rows and the count of all of them. */
interface PageAnswer<Row> {
  data: Row[] | null;
  count: number | null;
  error: unknown;
}

/** A supabase-js read of `Row`s with their count (`{ count: 'exact' }`), filtered but not ordered. */
interface UnorderedRead<Row> {
  order(
    column: string,
    options: { ascending: boolean },
  ): UnorderedRead<Row> & {
    range(
      from: number,
      to: number,
    ): PromiseLike<PageAnswer<Row>> & {
      abortSignal(signal: AbortSignal): PromiseLike<PageAnswer<Row>>;
    };
  };
}

/**
 * The rows `range` of `read`, newest first by `time` and then by id, so that rows with the same
 * time keep one order from page to page (a CSV export reads every page), with the total; throws
 * what the server answered when the read fails.
 */
export async function readNewestFirst<Row>(
  read: UnorderedRead<Row>,
  time: string,
  [from, to]: [number, number],
  signal: AbortSignal | undefined,
): Promise<Page<Row>> {
  const ranged = read
    .order(time, { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
  const { data, count, error } = await (signal ? ranged.abortSignal(signal) : ranged);
  if (error) throw error;
  return toPage(data, count);
}
