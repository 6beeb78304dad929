import { quoteIdent } from '../../db/quote-ident';
import type { EmbedPlan, PlanOrder, ReadPlan } from '../plan/read-plan';
import type { ResponseShape } from '../request/media-type';
import { isToOne } from '../schema-cache/relationships';
import { AliasSource, fieldSql } from './fields';
import { existsSql, filterSql, type Laterals } from './filter-sql';
import { relatedRows } from './related-rows';
import type { SqlParams } from './sql';

interface LevelSql {
  select: string[];
  joins: string[];
  where: string[];
  orderBy: string[];
}

function orderSql(
  order: PlanOrder,
  alias: string,
  params: SqlParams,
  aliases: AliasSource,
): string {
  let expression: string;
  if (order.embed) {
    const related = aliases.next('o');
    const rows = relatedRows(order.embed.relationship, alias, related, aliases);
    expression = `(select ${fieldSql(related, order.field, params, order.column)} from ${rows.from} where ${rows.where} limit 1)`;
  } else expression = fieldSql(alias, order.field, params, order.column);
  const direction = order.direction === 'desc' ? ' desc' : ' asc';
  const nulls = order.nulls ? ` nulls ${order.nulls}` : '';
  return `${expression}${direction}${nulls}`;
}

/** The names a level contributes to its parent's object (a spread embed's columns included). */
function outputNames(plan: ReadPlan): string[] {
  return plan.output.flatMap((item) => {
    if (item.kind === 'column') return [item.name];
    return item.embed.spread ? outputNames(item.embed.plan) : [item.embed.name];
  });
}

/** One level of a read: its select list, its embeds as lateral joins, filters and order. */
function levelSql(
  plan: ReadPlan,
  alias: string,
  params: SqlParams,
  aliases: AliasSource,
  options: { applyFilters: boolean },
): LevelSql {
  const laterals: Laterals = new Map();
  const joins: string[] = [];
  for (const embed of plan.embeds) {
    const lateral = aliases.next('l');
    laterals.set(embed, lateral);
    joins.push(
      `left join lateral (${embedSql(embed, alias, params, aliases)}) as ${quoteIdent(lateral)} on true`,
    );
  }

  const select = plan.output.flatMap((item) => {
    if (item.kind === 'column') {
      const expression = fieldSql(alias, item.field, params, item.column);
      const cast = item.cast ? `(${expression})::${item.cast}` : expression;
      return [`${cast} as ${quoteIdent(item.name)}`];
    }
    const { embed } = item;
    const lateral = quoteIdent(laterals.get(embed) ?? '');
    if (embed.spread) {
      return outputNames(embed.plan).map(
        (name) => `${lateral}.${quoteIdent(name)} as ${quoteIdent(name)}`,
      );
    }
    const body = `${lateral}.pgrst_body`;
    const many = !isToOne(embed.relationship) && !embed.countOnly;
    return [`${many ? `coalesce(${body}, '[]'::json)` : body} as ${quoteIdent(embed.name)}`];
  });

  const where: string[] = [];
  if (options.applyFilters) {
    for (const filter of plan.filters) where.push(filterSql(filter, alias, params, laterals));
  }
  for (const embed of plan.embeds) {
    if (embed.inner) where.push(existsSql(embed, laterals.get(embed) ?? ''));
  }
  const orderBy = plan.order.map((order) => orderSql(order, alias, params, aliases));
  return { select, joins, where, orderBy };
}

function embedSql(embed: EmbedPlan, parent: string, params: SqlParams, aliases: AliasSource) {
  const child = aliases.next('t');
  const related = relatedRows(embed.relationship, parent, child, aliases);
  const level = levelSql(embed.plan, child, params, aliases, { applyFilters: true });
  const where = [related.where, ...level.where];
  const rows = [
    `select ${level.select.join(', ')}`,
    `from ${related.from}`,
    ...level.joins,
    `where ${where.join(' and ')}`,
    level.orderBy.length ? `order by ${level.orderBy.join(', ')}` : '',
    embed.plan.limit !== undefined ? `limit ${params.add(embed.plan.limit)}` : '',
    embed.plan.offset !== undefined ? `offset ${params.add(embed.plan.offset)}` : '',
  ].join(' ');
  if (embed.countOnly) {
    const count = `json_build_object('count', count(*))`;
    const body = isToOne(embed.relationship) ? count : `json_build_array(${count})`;
    return `select ${body} as pgrst_body, count(*) > 0 as pgrst_found from (${rows}) as pgrst_row`;
  }
  if (embed.spread && isToOne(embed.relationship)) {
    return `select true as pgrst_found, pgrst_row.* from (${rows}) as pgrst_row`;
  }
  if (embed.spread) {
    // A to-many spread gives each of its columns as an array over the related rows.
    const columns = outputNames(embed.plan).map(
      (name) =>
        `coalesce(json_agg(pgrst_row.${quoteIdent(name)}), '[]'::json) as ${quoteIdent(name)}`,
    );
    return `select ${[...columns, 'case when count(*) > 0 then true end as pgrst_found'].join(', ')} from (${rows}) as pgrst_row`;
  }
  if (isToOne(embed.relationship)) {
    // The limit (harmless: at most one row matches) keeps Postgres from flattening the lateral
    // subquery into a hash join, which would lose the parents' order.
    return `select row_to_json(pgrst_row) as pgrst_body from (${rows} limit 1) as pgrst_row`;
  }
  return `select json_agg(pgrst_row) as pgrst_body from (${rows}) as pgrst_row`;
}

/** `none`: a HEAD request, which answers no body. */
export type BodyShape = ResponseShape | 'none';

/** The FROM, joins and WHERE of a read's top level, with its level's select list and order. */
function readSource(options: ReadStatementOptions): { level: LevelSql; source: string } {
  const level = levelSql(options.plan, options.alias, options.params, new AliasSource(), {
    applyFilters: options.applyRootFilters,
  });
  const where = level.where.length ? `where ${level.where.join(' and ')}` : '';
  return { level, source: [`from ${options.from}`, ...level.joins, where].join(' ') };
}

/** EXPLAIN of the rows a read would count: the planner's estimate is `count=planned`. */
export function plannedCountStatement(options: ReadStatementOptions): string {
  return `explain (format json) ${options.with ?? ''} select 1 ${readSource(options).source}`;
}

export interface ReadStatementOptions {
  plan: ReadPlan;
  /** The FROM item, e.g. `"public"."books" as "books"`, naming its rows `alias`. */
  from: string;
  alias: string;
  /** A `with ...` prefix: the write whose rows are listed. */
  with?: string;
  params: SqlParams;
  /**
   * `total`: every matching row counted, counted up to one past max-rows (enough to tell whether
   * the planner's estimate should be asked), or not counted.
   */
  count: 'exact' | 'limited' | 'none';
  shape: BodyShape;
  stripNulls: boolean;
  maxRows: number;
  /** False when the root filters already chose the rows (the WHERE of an UPDATE or DELETE). */
  applyRootFilters: boolean;
  /** Extra output columns computed over the whole statement. */
  extraColumns?: string[];
  /** The order when the request gives none (a write lists rows in the order it wrote them). */
  fallbackOrder?: string;
}

/**
 * A read as one statement answering `total` (when counting), `page_count` and `body`: the page is
 * aggregated to JSON by Postgres itself, so values come out exactly as PostgREST returns them.
 */
export function readStatement(options: ReadStatementOptions): string {
  const { plan, params } = options;
  const { level, source } = readSource(options);
  const limit = Math.min(plan.limit ?? options.maxRows, options.maxRows);
  const orderBy = level.orderBy.length
    ? level.orderBy
    : options.fallbackOrder
      ? [options.fallbackOrder]
      : [];
  const page = [
    `select ${level.select.join(', ')}`,
    source,
    orderBy.length ? `order by ${orderBy.join(', ')}` : '',
    `limit ${params.add(limit)}`,
    plan.offset ? `offset ${params.add(plan.offset)}` : '',
  ].join(' ');

  const aggregate = {
    array: `coalesce(json_agg(pgrst_row), '[]'::json)`,
    object: `(json_agg(pgrst_row) -> 0)`,
    none: 'null::json',
  }[options.shape];
  const body = options.stripNulls ? `json_strip_nulls(${aggregate})` : aggregate;
  let total = 'null';
  if (options.count === 'exact') total = `(select count(*) ${source})`;
  if (options.count === 'limited') {
    const cap = params.add(options.maxRows + 1);
    total = `(select count(*) from (select 1 ${source} limit ${cap}) as pgrst_counted)`;
  }
  const columns = [
    `${total}::bigint as total`,
    'count(*)::bigint as page_count',
    `${body}::text as body`,
    ...(options.extraColumns ?? []),
  ];
  return `${options.with ?? ''} select ${columns.join(', ')} from (${page}) as pgrst_row`;
}
