import { parseError } from '../errors';
import { Scanner, type FieldRef } from './scanner';

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

const operators = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

const quantifiable = new Set<string>([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const textSearch = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const isValues = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Condition {
  negate: boolean;
  operator: Operator;
  /** `like(any).{a,b}`: compare against each element of a Postgres array literal. */
  quantifier?: 'any' | 'all';
  /** `fts(english).query`: the text search configuration. */
  language?: string;
  value: string;
  /** The parsed items of `in.(a,"b,c")`. */
  list?: string[];
}

export interface ConditionNode {
  kind: 'condition';
  field: FieldRef;
  condition: Condition;
}

export interface LogicNode {
  kind: 'logic';
  operator: 'and' | 'or';
  negate: boolean;
  children: FilterNode[];
}

export type FilterNode = ConditionNode | LogicNode;

/** Parses `[not.]op[(modifier)].value`, the right-hand side of `column=...`. */
export function parseCondition(text: string, quotedValues = false): Condition {
  const fail = () => parseError('filter', text);
  let rest = text;
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);

  const head = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!head || !operators.has(head[1] ?? '')) throw fail();
  const operator = head[1] as Operator;
  const modifier = head[2];
  let value = rest.slice(head[0].length);
  if (quotedValues && operator !== 'in') value = unquote(value);

  const condition: Condition = { negate, operator, value };
  if (modifier !== undefined) {
    if (quantifiable.has(operator) && (modifier === 'any' || modifier === 'all')) {
      condition.quantifier = modifier;
    } else if (textSearch.has(operator) && /^[A-Za-z0-9_]+$/.test(modifier)) {
      condition.language = modifier;
    } else throw fail();
  }
  if (operator === 'is' && !isValues.has(value.toLowerCase())) throw fail();
  if (operator === 'in') condition.list = parseList(value, text);
  return condition;
}

/** `(a,"b,c",d)` -> ['a', 'b,c', 'd']; double quotes protect commas and parentheses. */
function parseList(value: string, text: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) throw parseError('filter', text);
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map(unquote);
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** Splits on commas that are outside parentheses, braces and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '\\') index += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(' || char === '{' || char === '[') depth += 1;
    else if (char === ')' || char === '}' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * How deeply `and(...)`/`or(...)` may nest. The parser recurses and the SQL built from the tree
 * nests as deeply, so a deeper tree would exhaust the stack here or in Postgres.
 */
export const MAX_LOGIC_DEPTH = 32;

/** Parses `or=(a.eq.1,and(b.gt.2,c.is.null))` and the like; `operator` comes from the key. */
export function parseLogicTree(operator: 'and' | 'or', negate: boolean, value: string): LogicNode {
  const display = `${negate ? 'not.' : ''}${operator}=${value}`;
  const depth = nestingDepth(value);
  if (depth > MAX_LOGIC_DEPTH) {
    throw parseError(
      'logic tree',
      display.length > 100 ? `${display.slice(0, 100)}...` : display,
      `Logic trees nest at most ${MAX_LOGIC_DEPTH} levels deep; this one nests ${depth}`,
    );
  }
  return parseLogicNode(operator, negate, value);
}

function parseLogicNode(operator: 'and' | 'or', negate: boolean, value: string): LogicNode {
  const display = `${negate ? 'not.' : ''}${operator}=${value}`;
  if (!value.startsWith('(') || !value.endsWith(')') || value.length < 3) {
    throw parseError('logic tree', display);
  }
  const children = splitTopLevel(value.slice(1, -1)).map((item) => parseLogicItem(item, display));
  return { kind: 'logic', operator, negate, children };
}

/** The deepest parenthesis nesting outside double quotes. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '\\') index += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(') deepest = Math.max(deepest, (depth += 1));
    else if (char === ')') depth -= 1;
  }
  return deepest;
}

function parseLogicItem(item: string, display: string): FilterNode {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
  if (nested) {
    return parseLogicNode(nested[2] as 'and' | 'or', !!nested[1], nested[3] ?? '');
  }
  const scanner = new Scanner(item, 'logic tree');
  let field: FieldRef;
  try {
    field = scanner.field();
    scanner.expect('.');
  } catch {
    throw parseError('logic tree', display);
  }
  try {
    return {
      kind: 'condition',
      field,
      condition: parseCondition(item.slice(scanner.position), true),
    };
  } catch {
    throw parseError('logic tree', display);
  }
}
