import { quoteIdent } from '../../db/quote-ident';
import { restError } from '../errors';
import type { EmbedPlan, PlanFilter } from '../plan/read-plan';
import type { Condition } from '../request/filter-parser';
import type { ColumnInfo } from '../schema-cache/types';
import { fieldSql } from './fields';
import type { SqlParams } from './sql';

const comparisons: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const isKeywords: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

const textSearchFunctions: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** One `column=op.value` condition; the value is always a bound parameter. */
export function conditionSql(
  lhs: string,
  column: ColumnInfo,
  isPlainColumn: boolean,
  condition: Condition,
  params: SqlParams,
): string {
  const { operator } = condition;
  let value = condition.value;
  if (operator === 'like' || operator === 'ilike') value = value.replaceAll('*', '%');
  let sql: string;
  if (operator === 'is') sql = `${lhs} is ${isKeywords[value.toLowerCase()] ?? 'null'}`;
  else if (operator === 'in') sql = `${lhs} = any(${params.add(condition.list ?? [])})`;
  else if (operator === 'isdistinct') sql = `${lhs} is distinct from ${params.add(value)}`;
  else if (operator in textSearchFunctions) {
    const language = condition.language ? `${params.add(condition.language)}::regconfig, ` : '';
    const vector =
      isPlainColumn && column.baseType === 'tsvector' ? lhs : `to_tsvector(${language}${lhs})`;
    sql = `${vector} @@ ${textSearchFunctions[operator]}(${language}${params.add(value)})`;
  } else if (condition.quantifier) {
    sql = `${lhs} ${comparisons[operator]} ${condition.quantifier}(${params.add(value)})`;
  } else sql = `${lhs} ${comparisons[operator]} ${params.add(value)}`;
  return condition.negate ? `not (${sql})` : sql;
}

/** Where a level's embeds were joined: embed -> its lateral subquery's alias. */
export type Laterals = Map<EmbedPlan, string>;

export function filterSql(
  filter: PlanFilter,
  alias: string,
  params: SqlParams,
  laterals: Laterals = new Map(),
): string {
  if (filter.kind === 'condition') {
    return conditionSql(
      fieldSql(alias, filter.field, params, filter.column),
      filter.column,
      filter.field.path.length === 0,
      filter.condition,
      params,
    );
  }
  if (filter.kind === 'exists') {
    const lateral = laterals.get(filter.embed);
    if (!lateral) {
      throw restError(400, 'PGRST100', `Filtering on '${filter.embed.name}' is not possible here`);
    }
    return `${existsSql(filter.embed, lateral)}${filter.present ? '' : ' is not true'}`;
  }
  const joined = filter.children
    .map((child) => `(${filterSql(child, alias, params, laterals)})`)
    .join(` ${filter.operator} `);
  return filter.negate ? `not (${joined})` : `(${joined})`;
}

export function existsSql(embed: EmbedPlan, lateral: string): string {
  if (embed.countOnly) return `(${quoteIdent(lateral)}.pgrst_found)`;
  if (embed.spread) return `(${quoteIdent(lateral)}.pgrst_found is not null)`;
  return `(${quoteIdent(lateral)}.pgrst_body is not null)`;
}
