import { quoteIdent } from '../../db/quote-ident';

/** A table or function of an exposed schema, schema-qualified. */
export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** Collects bound parameter values while SQL text is built: every value becomes `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
