import { quoteIdent } from '../../db/quote-ident';
import type { FieldRef } from '../request/scanner';
import type { ColumnInfo } from '../schema-cache/types';
import { qualified, type SqlParams } from './sql';

/** Hands out the aliases of one statement, so nested scopes never collide. */
export class AliasSource {
  private count = 0;

  next(prefix: string): string {
    this.count += 1;
    return `pgrst_${prefix}${this.count}`;
  }
}

export const columnRef = (alias: string, column: string) =>
  `${quoteIdent(alias)}.${quoteIdent(column)}`;

/** The row `alias` stands for, as a value of `argType` (whatever extra columns the source has). */
export function rowArgument(
  alias: string,
  schema: string,
  argType: string,
  argColumns: string[],
): string {
  return `row(${argColumns.map((column) => columnRef(alias, column)).join(', ')})::${qualified(schema, argType)}`;
}

/**
 * A column reference with its JSON path; path keys are bound parameters. A computed column is its
 * function applied to the row, which is what `row.function` means to Postgres.
 */
export function fieldSql(
  alias: string,
  field: FieldRef,
  params: SqlParams,
  column?: ColumnInfo,
): string {
  const { computed } = column ?? {};
  let sql = computed
    ? `${qualified(computed.schema, computed.function)}(${rowArgument(alias, computed.schema, computed.argType, computed.argColumns)})`
    : columnRef(alias, field.column);
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key)
      ? `${params.add(step.key)}::int`
      : `${params.add(step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
  }
  return sql;
}
