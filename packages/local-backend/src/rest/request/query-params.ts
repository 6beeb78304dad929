import { parseError } from '../errors';
import { parseCondition, parseLogicTree, splitTopLevel, type FilterNode } from './filter-parser';
import { Scanner, type FieldRef } from './scanner';

export interface OrderTerm {
  field: FieldRef;
  /** `order=authors(name).asc`: a column of a to-one embed. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** A filter and the embed it belongs to (`reviews.rating=gte.4` -> path ['reviews']). */
export interface PathFilter {
  path: string[];
  node: FilterNode;
}

export interface QueryParams {
  select: string;
  columns?: string[];
  onConflict?: string[];
  filters: PathFilter[];
  /** Keyed by the embed path joined with '.', '' for the top level. */
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  /** Parameters named like a function argument (GET/HEAD /rpc/fn). */
  args: Map<string, string>;
}

/** Query parameters that never filter: the gateway reads `apikey`. */
const ignored = new Set(['apikey']);

export function parseQueryParams(
  search: URLSearchParams,
  argNames: ReadonlySet<string> = new Set(),
): QueryParams {
  const query: QueryParams = {
    select: '*',
    filters: [],
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    args: new Map(),
  };
  for (const [key, value] of search) {
    if (ignored.has(key)) continue;
    if (key === 'select') query.select = value;
    else if (key === 'columns') query.columns = parseNameList(value, 'columns parameter');
    else if (key === 'on_conflict')
      query.onConflict = parseNameList(value, 'on_conflict parameter');
    else if (argNames.has(key)) query.args.set(key, value);
    else addKeyed(query, key, value);
  }
  return query;
}

function addKeyed(query: QueryParams, key: string, value: string): void {
  const { segments, field } = parseKey(key);
  const last = segments.at(-1) ?? '';
  const plain = field.path.length === 0;
  const pathOf = (drop: number) => segments.slice(0, segments.length - drop);

  if (plain && (last === 'order' || last === 'limit' || last === 'offset')) {
    const path = pathOf(1).join('.');
    if (last === 'order') query.order.set(path, parseOrder(value));
    else query[last].set(path, parseCount(value, `${last} parameter`));
    return;
  }
  if (plain && (last === 'or' || last === 'and')) {
    const negate = segments.at(-2) === 'not';
    const path = pathOf(negate ? 2 : 1);
    query.filters.push({ path, node: parseLogicTree(last, negate, value) });
    return;
  }
  query.filters.push({
    path: pathOf(1),
    node: { kind: 'condition', field, condition: parseCondition(value) },
  });
}

/** `reviews.books.title` -> segments, the last one a field that may carry a JSON path. */
function parseKey(key: string): { segments: string[]; field: FieldRef } {
  const scanner = new Scanner(key, 'filter');
  try {
    const segments = [scanner.name()];
    let field: FieldRef = { column: segments[0] ?? '', path: [] };
    for (;;) {
      if (scanner.peek('->')) {
        field = { column: segments.at(-1) ?? '', path: scanner.jsonPath() };
        break;
      }
      if (!scanner.take('.')) break;
      segments.push(scanner.name());
      field = { column: segments.at(-1) ?? '', path: [] };
    }
    if (!scanner.done) throw scanner.fail('end of input');
    return { segments, field };
  } catch {
    throw parseError('filter', key);
  }
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((text) => {
    const scanner = new Scanner(text, 'order');
    try {
      const name = scanner.name();
      const term: OrderTerm = { field: { column: name, path: [] } };
      if (scanner.take('(')) {
        term.relation = name;
        term.field = scanner.field();
        scanner.expect(')');
      } else term.field.path = scanner.jsonPath();
      while (scanner.take('.')) {
        const modifier = scanner.name();
        if (modifier === 'asc' || modifier === 'desc') term.direction = modifier;
        else if (modifier === 'nullsfirst') term.nulls = 'first';
        else if (modifier === 'nullslast') term.nulls = 'last';
        else throw scanner.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      }
      if (!scanner.done) throw scanner.fail('"." or end of input');
      return term;
    } catch {
      throw parseError('order', value);
    }
  });
}

function parseCount(value: string, what: string): number {
  if (!/^\d+$/.test(value)) throw parseError(what, value);
  return Number(value);
}

/** `"title","author_id"` or `title,author_id` -> ['title', 'author_id']. */
function parseNameList(value: string, what: string): string[] {
  const names = splitTopLevel(value).map((part) => {
    const scanner = new Scanner(part, what);
    const name = scanner.name();
    if (!scanner.done) throw scanner.fail('"," or end of input');
    return name;
  });
  if (names.length === 0) throw parseError(what, value);
  return names;
}
