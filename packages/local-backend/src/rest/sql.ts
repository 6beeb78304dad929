import { quoteIdent } from '../db/quote-ident';

/** A table or function of the exposed schema, schema-qualified. */
export function qualified(name: string): string {
  return `"public".${quoteIdent(name)}`;
}

/** Collects bound parameter values while SQL text is built: every value becomes `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
