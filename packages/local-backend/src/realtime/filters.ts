import type pg from 'pg';

/** The operators of postgres_changes filters this server evaluates. */
export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const sqlOperators: Record<Exclude<FilterOperator, 'in'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

/** One `column=op.value` condition; a filter string is several of them, all of which must hold. */
export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value, or the list of an `in`. */
  values: string[];
}

export type ParsedFilter =
  { ok: true; conditions: FilterCondition[] } | { ok: false; message: string };

const MAX_IN_VALUES = 100;

/**
 * Parses a realtime filter: `col=op.value`, comma-joined conditions (commas inside double quotes
 * or parentheses do not split), an optional `not.` before the operator, `in.(a,b,"c,d")`.
 */
export function parseFilter(filter: string): ParsedFilter {
  const conditions: FilterCondition[] = [];
  for (const part of splitOutside(filter, ',')) {
    const text = part.trim();
    const equals = text.indexOf('=');
    if (equals <= 0) return { ok: false, message: `invalid filter condition: ${text}` };
    const column = text.slice(0, equals).trim();
    let rest = text.slice(equals + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice('not.'.length);
    }
    const dot = rest.indexOf('.');
    const operator = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOperator;
    if (dot < 0 || !FILTER_OPERATORS.includes(operator)) {
      return { ok: false, message: `invalid filter operator in: ${text}` };
    }
    const rawValue = rest.slice(dot + 1);
    let values: string[];
    if (operator === 'in') {
      if (!rawValue.startsWith('(') || !rawValue.endsWith(')')) {
        return { ok: false, message: `the values of in must be in parentheses: ${text}` };
      }
      const inner = rawValue.slice(1, -1);
      values = inner.trim() === '' ? [] : splitOutside(inner, ',').map((item) => unquote(item));
      if (values.length > MAX_IN_VALUES) {
        return { ok: false, message: `in accepts at most ${MAX_IN_VALUES} values` };
      }
    } else {
      values = [unquote(rawValue)];
    }
    conditions.push({ column, operator, negate, values });
  }
  return { ok: true, conditions };
}

function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\\' && quoted) index++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth = Math.max(0, depth - 1);
    else if (!quoted && depth === 0 && char === separator) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** A condition to evaluate against one row value, typed by its column's SQL type. */
export interface Comparison {
  sqlType: string;
  condition: FilterCondition;
  value: string | null;
}

/** SQL for one comparison, reading its operands from parameters added to `params`. */
function comparisonSql(comparison: Comparison, params: unknown[]): string {
  const { sqlType, condition, value } = comparison;
  params.push(value);
  const left = `($${params.length}::text)::${sqlType}`;
  let test: string;
  if (condition.operator === 'in') {
    params.push(condition.values);
    test = `${left} = any(($${params.length}::text[])::${sqlType}[])`;
  } else {
    params.push(condition.values[0] ?? null);
    test = `${left} ${sqlOperators[condition.operator]} ($${params.length}::text)::${sqlType}`;
  }
  return condition.negate ? `coalesce(not (${test}), false)` : `coalesce(${test}, false)`;
}

const COMPARISONS_PER_QUERY = 500;

/**
 * Evaluates comparisons in the database, so each type compares the way Postgres compares it
 * (numbers, timestamps, uuids, collations). `sqlType` must come from the catalog (format_type).
 */
export async function evaluateComparisons(
  pool: pg.Pool,
  comparisons: Comparison[],
): Promise<boolean[]> {
  const results: boolean[] = [];
  for (let start = 0; start < comparisons.length; start += COMPARISONS_PER_QUERY) {
    const chunk = comparisons.slice(start, start + COMPARISONS_PER_QUERY);
    const params: unknown[] = [];
    const expressions = chunk.map((comparison) => comparisonSql(comparison, params));
    const { rows } = await pool.query<{ results: boolean[] }>(
      `select array[${expressions.join(', ')}]::boolean[] as results`,
      params,
    );
    results.push(...(rows[0]?.results ?? chunk.map(() => false)));
  }
  return results;
}

/** Whether each value of a condition is a valid value of its column's type (checked at join). */
export async function checkConditionValues(
  pool: pg.Pool,
  sqlType: string,
  condition: FilterCondition,
): Promise<string | undefined> {
  try {
    await pool.query(`select ($1::text[])::${sqlType}[]`, [condition.values]);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid filter value';
  }
}
