import { notEmbedded, restError, undefinedColumn } from '../errors';
import type { Condition, FilterNode } from '../request/filter-parser';
import type { OrderTerm, QueryParams } from '../request/query-params';
import type { FieldRef } from '../request/scanner';
import type { SelectItem } from '../request/select-parser';
import { isToOne, type Relationship } from '../schema-cache/relationships';
import type { ColumnInfo, ExposedSchema } from '../schema-cache/types';
import { findRelationship, noRelationship } from './relationship-choice';

/** What rows are read from: a table or view, a function's result or the rows a write touched. */
export interface SourceRelation {
  /** The name errors use. */
  name: string;
  columns: ColumnInfo[];
  columnsByName: Map<string, ColumnInfo>;
  /** The table whose foreign keys embedding may follow (none for e.g. a function's own row type). */
  relationshipTable: string | undefined;
}

export interface OutputColumn {
  kind: 'column';
  field: FieldRef;
  column: ColumnInfo;
  name: string;
  cast?: string;
}

export interface OutputEmbed {
  kind: 'embed';
  embed: EmbedPlan;
}

export type PlanFilter =
  | { kind: 'condition'; field: FieldRef; column: ColumnInfo; condition: Condition }
  | { kind: 'exists'; embed: EmbedPlan; present: boolean }
  | { kind: 'logic'; operator: 'and' | 'or'; negate: boolean; children: PlanFilter[] };

export interface PlanOrder {
  field: FieldRef;
  column: ColumnInfo;
  /** Set for `order=relation(column)`: a column of a to-one embed. */
  embed?: EmbedPlan;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ReadPlan {
  source: SourceRelation;
  output: (OutputColumn | OutputEmbed)[];
  embeds: EmbedPlan[];
  filters: PlanFilter[];
  order: PlanOrder[];
  limit?: number;
  offset?: number;
}

export interface EmbedPlan {
  /** The output key and the name filters use for it: the alias, else the relation's name. */
  name: string;
  relationship: Relationship;
  plan: ReadPlan;
  inner: boolean;
  spread: boolean;
  /** `relation(count)`: PostgREST's row count of the embed. */
  countOnly: boolean;
  /** `relation()`: joined for filtering only, absent from the output. */
  hidden: boolean;
}

export function relationSource(schema: ExposedSchema, name: string): SourceRelation | undefined {
  const relation = schema.relations.get(name);
  if (!relation) return undefined;
  return {
    name,
    columns: relation.columns,
    columnsByName: withComputedColumns(relation.columnsByName, relation.computedColumns),
    relationshipTable: name,
  };
}

/** A relation's columns and, where no column has its name, its computed columns. */
export function withComputedColumns(
  columns: Map<string, ColumnInfo>,
  computed: Map<string, ColumnInfo>,
): Map<string, ColumnInfo> {
  return computed.size === 0 ? columns : new Map([...computed, ...columns]);
}

/** Resolves `select`, filters, order and paging against the schema cache into a plan tree. */
export function buildReadPlan(
  schema: ExposedSchema,
  source: SourceRelation,
  items: SelectItem[],
  query: QueryParams,
): ReadPlan {
  const root = planLevel(schema, source, items);
  for (const { path, node } of query.filters) {
    const plan = planAt(root, path);
    plan.filters.push(resolveFilter(plan, node));
  }
  for (const [path, terms] of query.order) {
    const plan = planAt(root, path === '' ? [] : path.split('.'));
    plan.order = terms.map((term) => resolveOrder(plan, term));
  }
  for (const [path, limit] of query.limit) planAt(root, splitPath(path)).limit = limit;
  for (const [path, offset] of query.offset) planAt(root, splitPath(path)).offset = offset;
  return root;
}

const splitPath = (path: string) => (path === '' ? [] : path.split('.'));

function planLevel(schema: ExposedSchema, source: SourceRelation, items: SelectItem[]): ReadPlan {
  const plan: ReadPlan = { source, output: [], embeds: [], filters: [], order: [] };
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of source.columns) {
        plan.output.push({
          kind: 'column',
          field: { column: column.name, path: [] },
          column,
          name: column.name,
        });
      }
    } else if (item.kind === 'column') {
      const column = columnOf(source, item.column);
      const lastKey = item.path.at(-1)?.key;
      const output: OutputColumn = {
        kind: 'column',
        field: { column: item.column, path: item.path },
        column,
        name: item.alias ?? lastKey ?? item.column,
      };
      if (item.cast !== undefined) output.cast = item.cast;
      plan.output.push(output);
    } else {
      const embed = planEmbed(schema, source, item);
      plan.embeds.push(embed);
      if (!embed.hidden) plan.output.push({ kind: 'embed', embed });
    }
  }
  return plan;
}

function planEmbed(
  schema: ExposedSchema,
  source: SourceRelation,
  item: Extract<SelectItem, { kind: 'embed' }>,
): EmbedPlan {
  if (!source.relationshipTable) {
    throw noRelationship(schema.name, source.name, item.relation, item.hint);
  }
  const relationship = findRelationship(schema, source.relationshipTable, item.relation, item.hint);
  const target = relationSource(schema, relationship.target);
  if (!target) {
    throw noRelationship(schema.name, source.relationshipTable, item.relation, item.hint);
  }
  const [only] = item.items;
  const countOnly =
    item.items.length === 1 &&
    only?.kind === 'column' &&
    only.column === 'count' &&
    only.path.length === 0 &&
    only.alias === undefined &&
    !target.columnsByName.has('count');
  return {
    name: item.alias ?? item.relation,
    relationship,
    plan: planLevel(schema, target, countOnly ? [] : item.items),
    inner: item.inner,
    spread: item.spread,
    countOnly,
    hidden: item.items.length === 0,
  };
}

function columnOf(source: SourceRelation, name: string): ColumnInfo {
  const column = source.columnsByName.get(name);
  if (!column) throw undefinedColumn(source.name, name);
  return column;
}

function planAt(root: ReadPlan, path: string[]): ReadPlan {
  let plan = root;
  for (const segment of path) {
    const embed = plan.embeds.find((candidate) => candidate.name === segment);
    if (!embed) throw notEmbedded(segment);
    plan = embed.plan;
  }
  return plan;
}

function resolveFilter(plan: ReadPlan, node: FilterNode): PlanFilter {
  if (node.kind === 'logic') {
    return {
      kind: 'logic',
      operator: node.operator,
      negate: node.negate,
      children: node.children.map((child) => resolveFilter(plan, child)),
    };
  }
  const column = plan.source.columnsByName.get(node.field.column);
  if (column) return { kind: 'condition', field: node.field, column, condition: node.condition };

  // `relation=is.null` / `relation=not.is.null`: filter the parents on the embed's existence.
  const embed = plan.embeds.find((candidate) => candidate.name === node.field.column);
  const { condition } = node;
  if (embed && node.field.path.length === 0 && condition.operator === 'is') {
    const value = condition.value.toLowerCase();
    if (value === 'null' || value === 'not_null') {
      return { kind: 'exists', embed, present: (value === 'not_null') !== condition.negate };
    }
  }
  throw undefinedColumn(plan.source.name, node.field.column);
}

function resolveOrder(plan: ReadPlan, term: OrderTerm): PlanOrder {
  const order = (field: FieldRef, column: ColumnInfo): PlanOrder => {
    const resolved: PlanOrder = { field, column };
    if (term.direction) resolved.direction = term.direction;
    if (term.nulls) resolved.nulls = term.nulls;
    return resolved;
  };
  if (term.relation === undefined) {
    return order(term.field, columnOf(plan.source, term.field.column));
  }
  const embed = plan.embeds.find((candidate) => candidate.name === term.relation);
  if (!embed) throw notEmbedded(term.relation);
  if (!isToOne(embed.relationship) || embed.spread || embed.countOnly) {
    throw restError(
      400,
      'PGRST118',
      `A related order on '${embed.name}' is not possible`,
      `'${plan.source.name}' and '${embed.name}' do not form a many-to-one or one-to-one relationship`,
    );
  }
  const resolved = order(term.field, columnOf(embed.plan.source, term.field.column));
  resolved.embed = embed;
  return resolved;
}
